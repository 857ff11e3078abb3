import { type ComponentType, useEffect } from 'react'
import type { WalletFeatureButton } from '../../../../app/featureContext'
import { useStore } from '../../../../react/useStore'
import { useFeature, useModal } from '../../../../ui/shell/hooks'
import { useViewStyles } from '../../../../ui/shell/viewStyles'
import { connectFeature } from '../../../connect/connectFeature'
import { ACCOUNT_TABS, type AccountTab } from '../../accountState'
import { AccountHeader } from '../AccountHeader/AccountHeader'
import { AccountTabs } from '../AccountTabs/AccountTabs'
import { ActivityTab } from '../ActivityTab/ActivityTab'
import { NftsTab } from '../NftsTab/NftsTab'
import { TokensTab } from '../TokensTab/TokensTab'
import { useAccount, useAccountState } from '../useAccount'
import { accountViewCss } from './accountView.css'
import { walletFeatureButtons } from './walletFeatureButtons'

const PANELS: Record<AccountTab, () => JSX.Element> = {
  tokens: TokensTab,
  nfts: NftsTab,
  activity: ActivityTab,
}

/** Account (docs/behaviour.md#account): the header, the wallet's feature buttons, and the Tokens, NFTs and Activity tabs. */
export function AccountView() {
  useViewStyles(accountViewCss)
  const modal = useModal()
  const account = useAccount()
  const address = useAccountState((state) => state.address)
  const caipAddress = useAccountState((state) => state.caipAddress)
  const tab = useAccountState((state) => state.currentTab)
  const features = useStore(useFeature(connectFeature).configuration, (state) => state.features)
  // The remote `activity` switch off: no Activity tab.
  const tabs = ACCOUNT_TABS.filter((candidate) => candidate !== 'activity' || features.activity)
  const shown = tabs.includes(tab) ? tab : 'tokens'

  // biome-ignore lint/correctness/useExhaustiveDependencies: read again for another account or network
  useEffect(() => {
    void account.load()
  }, [account, caipAddress])

  if (!address) return null
  const Panel = PANELS[shown]
  // What other features add under the header (the e-mail wallet's panel, the name's), in the modules' order.
  const panels = (modal.featureViews()?.slots['account:wallet'] ?? []) as ComponentType[]
  // Account's own buttons, and those other features bring (Buy, Swap), in the product's order.
  const own: WalletFeatureButton[] = [
    { id: 'receive', label: 'Receive', open: () => modal.navigate({ view: 'WalletReceive' }) },
    { id: 'send', label: 'Send', open: () => account.send.start() },
  ]
  const brought = (modal.featureViews()?.slots['account:features'] ?? []) as WalletFeatureButton[]
  const buttons = walletFeatureButtons(features, [...own, ...brought])
  return (
    <div className="stack account">
      <AccountHeader />
      {panels.map((WalletPanel, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the fillers are fixed once the features load
        <WalletPanel key={index} />
      ))}
      {buttons.length > 0 ? (
        <div className="account-features">
          {buttons.map((button) => (
            <button
              key={button.id}
              type="button"
              className="secondary-button"
              onClick={() => button.open((entry) => modal.navigate(entry))}
            >
              {button.label}
            </button>
          ))}
        </div>
      ) : null}
      <AccountTabs tabs={tabs} selected={shown} onSelect={(next) => void account.setTab(next)}>
        <Panel />
      </AccountTabs>
      <button type="button" className="secondary-button" onClick={() => void modal.disconnect()}>
        Disconnect
      </button>
    </div>
  )
}
