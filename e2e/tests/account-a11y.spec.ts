import { addresses } from '@allaccess/chain/deployments'
import { AccountErrorText } from '@allaccess/modal/testing'
import type { HistoryPage, NftPage } from '@allaccess/protocol'
import type { Page } from '@playwright/test'
import { mintTestUsd, openAccount } from '../support/account'
import { expectAccessible } from '../support/axe'
import { expect, test } from '../support/fixtures'

// The behaviour these tests check: docs/behaviour.md#account, #send and #receive (accessibility of every view).

const ART =
  "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 10 10'%3E%3Crect width='10' height='10' fill='%233b5bdb'/%3E%3C/svg%3E"
const OTHER = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'

/**
 * Activity and NFTs with fixed, varied content, answered in the contract's shape (@allaccess/protocol): a failed
 * item, a day before today, two NFTs. What the indexer answers is proven in account-indexed.spec.ts; axe needs every
 * kind of row drawn, whatever the chain holds.
 */
async function answerLists(page: Page, address: string) {
  const history: HistoryPage = {
    data: ['send', 'receive'].map((operationType, index) => ({
      id: `0x${index}`,
      metadata: {
        operationType,
        hash: `0x${String(index).padStart(64, 'a')}`,
        chain: 'eip155:31337',
        minedAt: new Date(Date.now() - index * 86_400_000).toISOString(),
        sentFrom: index ? OTHER : address,
        sentTo: index ? address : OTHER,
        status: index ? 'confirmed' : 'failed',
        nonce: index,
      },
      transfers: [
        {
          fungible_info: { name: 'Test USD', symbol: 'tUSD' },
          direction: index ? 'in' : 'out',
          quantity: { numeric: '5' },
          sender: index ? OTHER : address,
          recipient: index ? address : OTHER,
        },
      ],
    })),
    next: null,
  }
  const nfts: NftPage = {
    data: [1, 2].map((tokenId) => ({
      id: `eip155:31337:${addresses.allAccessPass}:${tokenId}`,
      chainId: 'eip155:31337',
      contract: addresses.allAccessPass,
      tokenId: String(tokenId),
      standard: 'ERC721',
      amount: '1',
      name: `All-Access Pass #${tokenId}`,
      description: 'One pass, every door.',
      collection: { name: 'All-Access Pass', symbol: 'AAP' },
      imageUrl: ART,
    })),
    next: null,
  }
  await page.route(/\/v1\/account\/[^/]+\/history\?/, (route) => route.fulfill({ json: history }))
  await page.route(/\/v1\/account\/[^/]+\/nfts\?/, (route) => route.fulfill({ json: nfts }))
}

test.describe('axe on the account views, in the light and dark themes', () => {
  test(`Account (Tokens, NFTs, an NFT, Activity) and Networks have no axe violations (light and dark)`, async ({
    page,
    installWallet,
  }) => {
    test.slow() // six views, each analysed by axe
    const wallet = await installWallet({ assetDiscovery: { tokens: [addresses.testUsd] } })
    await mintTestUsd(wallet.address, '12.5')
    await answerLists(page, wallet.address)
    const dialog = await openAccount(page)
    await expect(dialog.getByRole('list', { name: 'Tokens' })).toContainText('12.5 tUSD')
    await expectAccessible(page, 'Account')

    await dialog.getByRole('tab', { name: 'NFTs' }).click()
    await dialog.getByRole('button', { name: 'All-Access Pass #2' }).click()
    await expect(dialog.getByRole('img', { name: 'All-Access Pass #2' })).toBeVisible()
    await expectAccessible(page, 'NFT')
    await dialog.getByRole('button', { name: 'Back', exact: true }).click()
    await expect(dialog.getByRole('button', { name: 'All-Access Pass #1' })).toBeVisible()
    await expectAccessible(page, 'Account')

    await dialog.getByRole('tab', { name: 'Activity' }).click()
    await expect(dialog.getByRole('region', { name: 'Today' })).toContainText('Sent 5 tUSD')
    await expect(dialog.getByRole('region', { name: 'Yesterday' })).toContainText('Received 5 tUSD')
    await expectAccessible(page, 'Account')

    await dialog.getByRole('button', { name: /^Network: / }).click()
    await expectAccessible(page, 'Networks')
  })

  test(`Send (with an error), its preview, done, and Receive have no axe violations (light and dark)`, async ({
    page,
    installWallet,
  }) => {
    test.slow()
    const wallet = await installWallet({ assetDiscovery: { tokens: [] } })
    const dialog = await openAccount(page)
    await expect(dialog.getByRole('list', { name: 'Tokens' })).toContainText('10 ETH')
    await dialog.getByRole('button', { name: 'Send', exact: true }).click()
    await dialog.getByRole('button', { name: 'Preview send' }).click()
    await expect(dialog.getByRole('alert')).toHaveText(AccountErrorText.amountAndReceiverRequired)
    await expectAccessible(page, 'Send')

    await dialog.getByRole('textbox', { name: 'Amount' }).fill('0.25')
    await dialog.getByRole('textbox', { name: 'Receiver address' }).fill(OTHER)
    await dialog.getByRole('button', { name: 'Preview send' }).click()
    await expect(dialog.getByRole('definition').last()).toHaveText(/ETH$/)
    await expectAccessible(page, 'Review Send')

    await dialog.getByRole('button', { name: 'Send', exact: true }).click()
    await expect(dialog.getByRole('status').filter({ hasText: 'Sent 0.25 ETH' })).toBeVisible()
    await expectAccessible(page, 'Sent')
    expect(wallet.requests.some((request) => request.method === 'eth_sendTransaction')).toBe(true)

    await dialog.getByRole('button', { name: 'Back to account' }).click()
    await dialog.getByRole('button', { name: 'Receive' }).click()
    await expect(dialog.getByRole('figure', { name: 'QR code of your address' })).toBeVisible()
    await expectAccessible(page, 'Receive')
  })
})
