import { randomBytes } from 'node:crypto'
import { NameErrorText } from '@allaccess/modal/testing'
import { coinTypeOfChainId, NAME_TEXTS, nameMessage } from '@allaccess/protocol'
import { givePass } from '@allaccess/testkit/pass'
import type { Page } from '@playwright/test'
import { createPublicClient, type Hex, http } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { getEnsAddress, getEnsName } from 'viem/actions'
import { expectAccessible } from '../support/axe'
import { signInByEmail } from '../support/embeddedWallet'
import { accountShown, connect, expect, modal, openModal, test } from '../support/fixtures'
import { approveInFrame, frameRequest, newEmail } from '../support/frameRequest'
import { NAMES_UNIVERSAL_RESOLVER, NAMES_ZONE } from '../support/names'
import { E2E_CLOUD_URL, E2E_RPC_URL } from '../support/ports'

// The behaviour these tests check: docs/behaviour.md#names and docs/names.md.

const chain = createPublicClient({ transport: http(E2E_RPC_URL) })
const freshLabel = () => `pass-${randomBytes(4).toString('hex')}`

async function walletAddress(page: Page): Promise<Hex> {
  const reply = await frameRequest(page, 'getUser', { chainId: 31337 })
  if (!reply.ok) throw new Error(reply.error.message)
  return (reply.payload as { address: Hex }).address
}

/** The e-mail wallet's Account view, opened from the header. */
async function openAccount(page: Page) {
  const dialog = await openModal(page)
  await accountShown(dialog)
  return dialog
}

async function register(page: Page, label: string) {
  const dialog = modal(page)
  await dialog.getByRole('button', { name: 'Choose a name' }).click()
  await expect(dialog).toHaveAccessibleName('Choose Name')
  await dialog.getByRole('textbox', { name: 'Name' }).fill(label)
  const suggestions = dialog.getByRole('list', { name: 'Suggestions' })
  await suggestions.getByRole('button', { name: `${label}.${NAMES_ZONE} Register` }).click()
  // The message is signed first, in the wallet's own frame.
  await approveInFrame(page)
  await expect(dialog.getByText(`${label}.${NAMES_ZONE}`)).toBeVisible()
  await expectAccessible(page, 'Name Registered')
}

test('an e-mail wallet registers a name: Account shows it, any ENS-aware client resolves it both ways, and Send takes it', async ({
  page,
  wallet: _wallet,
}) => {
  test.setTimeout(150_000)
  await page.goto('/')
  await signInByEmail(page, newEmail())
  const address = await walletAddress(page)
  const label = freshLabel()
  const name = `${label}.${NAMES_ZONE}`
  await openAccount(page)
  await register(page, label)
  const dialog = modal(page)
  await dialog.getByRole('button', { name: 'Back to account' }).click()
  await expect(dialog.locator('.account-address').getByText(name)).toBeVisible()
  await expect(dialog.getByRole('button', { name: 'Choose a name' })).toHaveCount(0)
  // The site's connect button shows the new name at once, and still opens the modal.
  await page.keyboard.press('Escape')
  const button = page.getByRole('banner').getByRole('button', { name })
  await expect(button).toBeVisible()
  await button.click()

  // Beyond our modal: viem's ENS actions on the devnet, through the cloud's signed CCIP-Read answers.
  expect(await getEnsAddress(chain, { name, universalResolverAddress: NAMES_UNIVERSAL_RESOLVER })).toBe(
    address,
  )
  expect(await getEnsName(chain, { address, universalResolverAddress: NAMES_UNIVERSAL_RESOLVER })).toBe(name)

  // Another visitor's wallet (funded) sends to the name: Send resolves it and shows the address it stands for.
  await dialog.getByRole('button', { name: 'Disconnect' }).click()
  await connect(page)
  await accountShown(await openModal(page))
  await dialog.getByRole('button', { name: 'Send' }).click()
  await dialog.getByRole('textbox', { name: 'Amount' }).fill('0.001')
  await dialog.getByRole('textbox', { name: 'Receiver address' }).fill(name)
  await dialog.getByRole('button', { name: 'Preview send' }).click()
  await expect(dialog.getByText(`${name} (${address})`)).toBeVisible()
})

test(`RegisterAccountName: the rule texts as one types, a taken name offered with free alternatives, no axe violations, an unknown name refused as receiver (light and dark)`, async ({
  page,
}) => {
  test.setTimeout(120_000)
  await page.goto('/')
  await signInByEmail(page, newEmail())
  const label = freshLabel()
  await openAccount(page)
  await register(page, label)
  await modal(page).getByRole('button', { name: 'Back to account' }).click()
  await page.keyboard.press('Escape')
  await page.evaluate(() => localStorage.clear())

  // Another visitor wants the same name.
  const second = await page.context().newPage()
  await second.goto('/')
  await signInByEmail(second, newEmail())
  const dialog = await openAccount(second)
  await dialog.getByRole('button', { name: 'Choose a name' }).click()
  const field = dialog.getByRole('textbox', { name: 'Name' })
  await field.fill('abc')
  await expect(dialog.getByRole('alert')).toHaveText(NAME_TEXTS.tooShort)
  await field.fill('ab_cd')
  await expect(dialog.getByRole('alert')).toHaveText(NAME_TEXTS.characters)
  await field.fill(label)
  const suggestions = dialog.getByRole('list', { name: 'Suggestions' })
  await expect(suggestions.getByRole('button').first()).toHaveAccessibleName(`${label}.${NAMES_ZONE} Taken`)
  await expect(suggestions.getByRole('button', { name: /Register$/ }).first()).toBeVisible()
  await expectAccessible(second, 'Choose Name')

  // A name nobody registered is no receiver.
  await dialog.getByRole('button', { name: 'Back', exact: true }).click()
  await dialog.getByRole('button', { name: 'Send' }).click()
  await dialog.getByRole('textbox', { name: 'Amount' }).fill('0.001')
  await dialog.getByRole('textbox', { name: 'Receiver address' }).fill(`${freshLabel()}.${NAMES_ZONE}`)
  await dialog.getByRole('button', { name: 'Preview send' }).click()
  await expect(dialog.getByRole('alert')).toHaveText(NameErrorText.resolving)
})

// A small picture as a data: URL: the site's CSP lets images come from itself, data: and the cloud only.
const AVATAR = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8"><rect width="8" height="8" fill="#6b5bd6"/></svg>',
)}`

test('a name registered elsewhere, with an avatar: an extension wallet holding it sees both in Account', async ({
  page,
  installWallet,
}) => {
  const key = generatePrivateKey()
  const account = privateKeyToAccount(key)
  const name = `${freshLabel()}.${NAMES_ZONE}`
  // A new name needs standing: this extension wallet's account holds an All-Access Pass.
  await givePass(E2E_RPC_URL, account.address)
  // Registered the way any app does it (docs/names.md): the account signs the name, its attributes and the time.
  const message = nameMessage(name, { avatar: AVATAR }, Math.floor(Date.now() / 1000))
  const registered = await fetch(`${E2E_CLOUD_URL}/v1/profile/account?projectId=allaccess-local`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      coin_type: coinTypeOfChainId(31337),
      address: account.address,
      message,
      signature: await account.signMessage({ message }),
    }),
  })
  expect(registered.status).toBe(201)

  await installWallet({ privateKey: key })
  await page.goto('/')
  await connect(page)
  const dialog = await openAccount(page)
  const header = dialog.locator('.account-header')
  await expect(header.getByText(name)).toBeVisible()
  const avatar = header.locator('img.avatar')
  await expect(avatar).toHaveAttribute('src', AVATAR)
  // Loaded under the site's CSP, not blocked.
  await expect.poll(() => avatar.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0)
  // The site's connect button shows the name and avatar too; after a reload, without the modal opened at all.
  await page.keyboard.press('Escape')
  await expect(page.getByRole('banner').getByRole('button', { name })).toBeVisible()
  await page.reload()
  const button = page.getByRole('banner').getByRole('button', { name })
  await expect(button).toBeVisible()
  await expect(button.locator('img')).toHaveAttribute('src', AVATAR)
})

test('a 49-character name stays on one line in the site’s header on a 390 px phone', async ({
  page,
  installWallet,
}) => {
  await page.setViewportSize({ width: 390, height: 800 })
  const key = generatePrivateKey()
  const account = privateKeyToAccount(key)
  const label = `${freshLabel()}-${'n'.repeat(49 - NAMES_ZONE.length - 1 - freshLabel().length - 1)}`
  const name = `${label}.${NAMES_ZONE}`
  expect(name).toHaveLength(49)
  // A new name needs a pass (the names' squatting rule): the wallet holds one, as a visitor who minted would.
  await givePass(E2E_RPC_URL, account.address)
  const message = nameMessage(name, {}, Math.floor(Date.now() / 1000))
  const registered = await fetch(`${E2E_CLOUD_URL}/v1/profile/account?projectId=allaccess-local`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      coin_type: coinTypeOfChainId(31337),
      address: account.address,
      message,
      signature: await account.signMessage({ message }),
    }),
  })
  expect(registered.status).toBe(201)
  await installWallet({ privateKey: key })
  await page.goto('/')
  await connect(page)
  const button = page.getByRole('banner').getByRole('button', { name })
  await expect(button).toBeVisible()
  // One line (an ellipsis cuts it; the button's name stays whole), and inside the screen.
  const [box, lineHeight] = await button.evaluate((element) => {
    const text = element.querySelector('.aap-connect-label') ?? element
    return [element.getBoundingClientRect().toJSON(), text.getBoundingClientRect().height] as const
  })
  expect(box.right).toBeLessThanOrEqual(390)
  expect(lineHeight).toBeLessThan(30)
})
