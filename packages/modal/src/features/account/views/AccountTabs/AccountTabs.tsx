import { type KeyboardEvent, type ReactNode, useId, useRef } from 'react'
import { useViewStyles } from '../../../../ui/shell/viewStyles'
import type { AccountTab } from '../../accountState'
import { accountTabsCss } from './accountTabs.css'

export const TAB_LABELS: Record<AccountTab, string> = { tokens: 'Tokens', nfts: 'NFTs', activity: 'Activity' }

/**
 * The Account view's tabs as an ARIA tablist: the selected tab is in the Tab order, arrows (and Home, End)
 * move between tabs and select them, the panel is named by its tab.
 */
export function AccountTabs({
  tabs,
  selected,
  onSelect,
  children,
}: {
  tabs: readonly AccountTab[]
  selected: AccountTab
  onSelect: (tab: AccountTab) => void
  children: ReactNode
}) {
  useViewStyles(accountTabsCss)
  const id = useId()
  const list = useRef<HTMLDivElement>(null)
  const onKeyDown = (event: KeyboardEvent) => {
    const index = tabs.indexOf(selected)
    const next = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: tabs.length - 1 }[event.key]
    if (next === undefined) return
    event.preventDefault()
    const tab = tabs[(next + tabs.length) % tabs.length]
    if (!tab) return
    onSelect(tab)
    list.current?.querySelector<HTMLElement>(`[data-tab="${tab}"]`)?.focus()
  }
  return (
    <div className="account-tabs">
      <div role="tablist" aria-label="Account" className="tablist" ref={list} onKeyDown={onKeyDown}>
        {tabs.map((tab) => (
          <button
            key={tab}
            type="button"
            role="tab"
            id={`${id}-${tab}`}
            data-tab={tab}
            aria-selected={tab === selected}
            aria-controls={`${id}-panel`}
            tabIndex={tab === selected ? 0 : -1}
            onClick={() => onSelect(tab)}
          >
            {TAB_LABELS[tab]}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        id={`${id}-panel`}
        aria-labelledby={`${id}-${selected}`}
        className="tabpanel"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the panel scrolls; the keyboard must reach (and scroll) it when it holds no control (the WAI-ARIA tabs pattern; axe's scrollable-region-focusable)
        tabIndex={0}
      >
        {children}
      </div>
    </div>
  )
}
