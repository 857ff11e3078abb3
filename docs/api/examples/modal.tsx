import {
  createBalances,
  createCloudClient,
  createConnectMenu,
  createModal,
  createSendFlow,
  email,
  isUserRejection,
  type ModalOptions,
  siwx,
  social,
} from '@allaccess/modal'
import { createEvmAdapter } from '@allaccess/modal/evm'
import { createConfig, http } from '@wagmi/core'
import { mainnet } from 'viem/chains'

const wagmiConfig = createConfig({ chains: [mainnet], transports: { [mainnet.id]: http() } })

const options: ModalOptions = {
  adapters: [createEvmAdapter(wagmiConfig)],
  metadata: { name: 'My dapp', description: 'Mints a pass', url: 'https://dapp.example', icons: [] },
  projectId: 'my-project',
  // The directory, the project's configuration, names and balances come from the cloud.
  api: createCloudClient({ baseUrl: 'https://cloud.example', projectId: 'my-project' }),
  modules: [email(), social(), siwx()],
  themeMode: 'dark',
  themeVariables: { '--aap-accent': '#e8590c', '--aap-border-radius': '8px' },
}
export const modal = createModal(options)

// Without React: a button of the page's own opens the modal; the account is read and followed.
document.querySelector('#connect')?.addEventListener('click', () => modal.open())
modal.subscribeAccount(() => {
  const { address, status, network } = modal.getAccount()
  console.log(status, address, network?.name)
})

// Headless: a connect menu of the page's own on the modal's rules (the modal's dialog never opens).
const menu = createConnectMenu(modal)
menu.subscribe(() => {
  const { ready, methods, sections, locked } = menu.getState()
  if (!ready) return
  console.log(
    methods,
    sections.map(({ section, wallets }) => `${section}: ${wallets.length}`),
    locked,
  )
})
await menu.load()
const [first] = menu.getState().wallets
if (first) await menu.select(first)

// The account's balances, and Send with the modal's checks and texts.
const balances = createBalances(modal)
await balances.load()
console.log(balances.getState().balance)
const send = createSendFlow(modal)
await send.start()
send.setAmount('0.01')
send.setReceiver('0x70997970C51812dc3A010C7d01b50e0d17dc79C8')
await send.preview()
try {
  await send.confirm()
} catch (error) {
  if (!isUserRejection(error)) throw error
}
console.log(send.getState()?.step, send.getState()?.error)
