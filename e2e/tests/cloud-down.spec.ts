import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { addresses, allAccessPassAbi } from '@allaccess/chain/deployments'
import { DirectoryErrorText } from '@allaccess/modal/testing'
import { fundedKey } from '@allaccess/testkit'
import { createPublicClient, http } from 'viem'
import { startStack } from '../../scripts/stack'
import { connect, DEVNET_ID, expect, modal, openModal, test } from '../support/fixtures'

/** The Connect view's note with e-mail and social offered and the cloud down. */
const CLOUD_DOWN_NOTE = 'E-mail and social login are unavailable: the cloud can’t be reached.'

// The behaviour these tests check: docs/behaviour.md#cloud.

/** A visitor must never wait longer than this for price, supply or a receipt while the cloud is down. */
const NO_HANG_MS = 10_000

test('the cloud stopped mid-session: the site reads the chain from its own RPC, an extension wallet connects and mints, the modal says its list is incomplete and that e-mail and social login are unavailable (disabled); the cloud back restores the directory and the note goes', async ({
  page,
  installWallet,
}) => {
  // Its own stack builds the site: minutes on a busy machine.
  test.setTimeout(600_000)
  const scratch = await mkdtemp(join(tmpdir(), 'cloud-down-'))
  // Its own stack: stopping the shared cloud would break the tests running beside this one.
  const stack = await startStack({
    anvilPort: 0,
    cloudPort: 0,
    sitePort: 0,
    siteDist: join(scratch, 'site'),
    cloudDataDir: 'memory://',
    // No e-mail or social login here: the frame's build is spared.
    withFrame: false,
  })
  try {
    const wallet = await installWallet({
      privateKey: await fundedKey(stack.rpcUrl),
      chains: [{ id: DEVNET_ID, rpcUrl: stack.rpcUrl, name: 'Local devnet' }],
    })
    await page.goto(stack.siteUrl)
    await expect(page.getByText(/^\d+ \/ 1000$/)).toBeVisible()
    await openModal(page)
    await expect(modal(page).getByRole('button', { name: 'MetaMask' })).toBeVisible()
    await expect(modal(page).getByRole('textbox', { name: 'E-mail' })).toBeEnabled()
    await page.keyboard.press('Escape')

    await stack.stopCloud()
    // A visitor arriving now: price and supply come from anvil directly, without waiting on the gateway.
    await page.reload()
    await expect(page.getByText(/^\d+ \/ 1000$/)).toBeVisible({ timeout: NO_HANG_MS })
    await expect(page.getByRole('definition').filter({ hasText: '0.01 ETH' })).toBeVisible()

    // The modal without its directory: the installed wallet is there to pick, and a note says wallets are missing.
    const dialog = await openModal(page)
    await expect(dialog.getByRole('button', { name: 'Testkit Wallet' })).toBeVisible({ timeout: NO_HANG_MS })
    await expect(dialog.getByRole('status').filter({ hasText: DirectoryErrorText.incomplete })).toBeVisible({
      timeout: NO_HANG_MS,
    })
    await expect(dialog.getByRole('button', { name: 'MetaMask' })).toBeHidden()
    // E-mail and social need the cloud: they stay in place, disabled, and the note says so; the wallet stays usable.
    await expect(dialog.getByRole('status').filter({ hasText: CLOUD_DOWN_NOTE })).toBeVisible()
    await expect(dialog.getByRole('textbox', { name: 'E-mail' })).toBeDisabled()
    const social = dialog.getByRole('region', { name: 'Social login' })
    await expect(social.getByRole('button', { name: 'Google', exact: true })).toBeDisabled()
    await expect(social.getByRole('button', { name: 'GitHub', exact: true })).toBeDisabled()
    await expect(dialog.getByRole('button', { name: 'Testkit Wallet' })).toBeEnabled()
    test.info().annotations.push({
      type: 'modal with the cloud down',
      description: (await dialog.innerText()).replace(/\s+/g, ' ').trim(),
    })
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()

    await connect(page)
    await page.getByRole('button', { name: 'Mint for 0.01 ETH' }).click()
    await expect(page.getByText('Minted! Welcome aboard.')).toBeVisible({ timeout: 30_000 })
    const held = page.getByText(/You hold All-Access Pass #\d+\./)
    await expect(held).toBeVisible()
    const tokenId = BigInt((await held.textContent())?.match(/#(\d+)/)?.[1] ?? 0)
    const chain = createPublicClient({ transport: http(stack.rpcUrl) })
    expect(
      await chain.readContract({
        address: addresses.allAccessPass,
        abi: allAccessPassAbi,
        functionName: 'ownerOf',
        args: [tokenId],
      }),
    ).toBe(wallet.address)

    // Activity says it is unavailable (the banner says why), not that there is none.
    await page.getByRole('banner').getByRole('button', { name: /0x/ }).click()
    await modal(page).getByRole('tab', { name: 'Activity' }).click()
    const activity = modal(page).getByRole('tabpanel', { name: 'Activity' })
    await expect(activity).toContainText('Activity is unavailable', { timeout: NO_HANG_MS })
    await expect(activity).not.toContainText('No activity yet')
    await page.keyboard.press('Escape')
    await expect(modal(page)).toBeHidden()

    // The cloud back: the next open, on the same page, asks the directory again; its wallets return, the note goes.
    await stack.resumeCloud()
    await page.getByRole('banner').getByRole('button', { name: /0x/ }).click()
    await modal(page).getByRole('button', { name: 'Disconnect' }).click()
    await expect(modal(page)).toBeHidden()
    await openModal(page)
    await expect(modal(page).getByRole('button', { name: 'MetaMask' })).toBeVisible()
    await expect(modal(page).getByText(DirectoryErrorText.incomplete)).toHaveCount(0)
    await expect(modal(page).getByText(CLOUD_DOWN_NOTE)).toHaveCount(0)
    await expect(modal(page).getByRole('textbox', { name: 'E-mail' })).toBeEnabled()
  } finally {
    await stack.stop()
    await rm(scratch, { recursive: true, force: true })
  }
})
