import { walletConnect as wagmiWalletConnect } from '@wagmi/connectors/walletConnect'
import type { CreateConnectorFn } from '@wagmi/core'
import { WALLETCONNECT_MESSAGES } from './walletConnectMessages'
import type { WalletConnectOptions } from './walletConnectOptions'

export type WagmiWalletConnect = ReturnType<ReturnType<typeof wagmiWalletConnect>>
export type WalletConnectProvider = Awaited<ReturnType<WagmiWalletConnect['getProvider']>>
type Emitter = Parameters<CreateConnectorFn>[0]['emitter']

/**
 * `RELAYER_EVENTS.error` of `@walletconnect/core`, named here: importing the core would pull WalletConnect's
 * client into this chunk, which the provider's own chunk brings when it is first needed.
 */
const RELAYER_ERROR = 'relayer_error'

/**
 * wagmi's WalletConnect connector (its own chunk, loaded on first use): the QR modal is always off; the
 * provider's Verify is pointed at `verifyUrl` when given, and the relay's refusals are passed on as
 * `relay_refused` messages (WalletConnect's client reports them only as an event of its relayer).
 */
export function createWalletConnectConnector(
  { verifyUrl, ...parameters }: WalletConnectOptions,
  config: Parameters<CreateConnectorFn>[0],
): WagmiWalletConnect {
  const connector = wagmiWalletConnect({ ...parameters, showQrModal: false })(config)
  const { getProvider } = connector
  const prepared = new WeakSet<WalletConnectProvider>()
  connector.getProvider = async function (this: WagmiWalletConnect, params) {
    const provider = await getProvider.call(this, params)
    if (!prepared.has(provider)) {
      prepared.add(provider)
      if (verifyUrl) pointVerifyAt(provider, verifyUrl)
      reportRelayRefusals(provider, config.emitter)
    }
    return provider
  }
  return connector
}

/**
 * Points the provider's Verify v3 client at `verifyUrl`: it loads `<verifyUrl>/attestation?…` in a hidden frame
 * to attest the page's origin for each proposal and request. WalletConnect's 2.25 clients take no option for
 * it (the URL is a private field), so the field is set here (docs/relay.md, Verify).
 */
function pointVerifyAt(provider: Pick<WalletConnectProvider, 'signer'>, verifyUrl: string): void {
  const verify = provider.signer.client?.core.verify
  if (verify) Object.assign(verify, { verifyUrlV3: verifyUrl })
}

/**
 * A relay refusing the client closes the socket with code 3000 and its reason; WalletConnect's client reports it
 * as `WebSocket connection closed abnormally with code: 3000 (<reason>)` (docs/relay.md, Connection).
 */
const REFUSAL = /closed abnormally with code: 3000 ?(?:\((.*)\))?$/

/** The relay's reason when `error` is its refusal of the client ('' when it gave none), else undefined. */
export function relayRefusalReason(error: unknown): string | undefined {
  const match = error instanceof Error ? REFUSAL.exec(error.message) : null
  return match ? (match[1] ?? '') : undefined
}

/** Emits each relay refusal of the provider's client as a `relay_refused` message carrying the reason. */
export function reportRelayRefusals(provider: Pick<WalletConnectProvider, 'signer'>, emitter: Emitter): void {
  provider.signer.client?.core.relayer.on(RELAYER_ERROR, (error: unknown) => {
    const reason = relayRefusalReason(error)
    if (reason !== undefined)
      emitter.emit('message', { type: WALLETCONNECT_MESSAGES.relayRefused, data: reason })
  })
}
