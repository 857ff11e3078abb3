import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { AccountTabs } from './AccountTabs'

// The behaviour these tests check: docs/behaviour.md#account.

describe('Account: the tabs', () => {
  it('are an ARIA tablist: the selected tab alone in the Tab order, its panel named by it', () => {
    const html = renderToString(
      <AccountTabs tabs={['tokens', 'nfts', 'activity']} selected="nfts" onSelect={() => {}}>
        <p>panel</p>
      </AccountTabs>,
    )
    expect(html).toContain('role="tablist" aria-label="Account"')
    expect(html.match(/role="tab"/g)).toHaveLength(3)
    expect(html).toMatch(
      /role="tab" id="([^"]+)-nfts" data-tab="nfts" aria-selected="true" aria-controls="\1-panel" tabindex="0"/,
    )
    expect(html).toMatch(/data-tab="tokens" aria-selected="false"[^>]*tabindex="-1"/)
    expect(html).toMatch(/role="tabpanel" id="([^"]+)-panel" aria-labelledby="\1-nfts"/)
  })
})
