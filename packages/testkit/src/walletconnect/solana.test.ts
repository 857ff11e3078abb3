import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { newKek, type RunningCloud, startCloud } from '@allaccess/cloud'
import { devKeySeed, LOCAL_SOLANA_CHAIN_ID, type SolanaChain, start } from '@allaccess/solana-chain'
import {
  address,
  appendTransactionMessageInstructions,
  compileTransaction,
  createNoopSigner,
  createSolanaRpc,
  createTransactionMessage,
  generateKeyPairSigner,
  getBase58Decoder,
  getBase58Encoder,
  getBase64Decoder,
  getPublicKeyFromAddress,
  getTransactionEncoder,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
  signatureBytes,
  verifySignature,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import type { SessionTypes } from '@walletconnect/types'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { refuseOutsideFetch } from '../offline-fetch'
import { createSignClient, createWalletConnectWallet, type WalletConnectWallet } from './index'

// The WalletConnect wallet's Solana side (docs: packages/testkit/README.md): a session with eip155 and solana when
// the dapp proposes both, and WalletConnect's solana_* requests answered with a real ed25519 key on the local chain.

const offline = refuseOutsideFetch()
const EVM_KEY = '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d'

let chain: SolanaChain
let cloud: RunningCloud
let dataDir: string
let relayUrl: string
let wallet: WalletConnectWallet
let dapp: Awaited<ReturnType<typeof createSignClient>>
let session: SessionTypes.Struct

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'testkit-wc-solana-'))
  ;[chain, cloud] = await Promise.all([
    start({ port: 0 }),
    startCloud({ port: 0, host: '127.0.0.1', dataDir, env: { LOG_LEVEL: 'silent', EMBEDDED_KEK: newKek() } }),
  ])
  relayUrl = `${cloud.url.replace(/^http/, 'ws')}/relay`
  wallet = await createWalletConnectWallet({
    relayUrl,
    privateKey: EVM_KEY,
    chains: [{ id: 1, name: 'Ethereum' }],
    solana: { secretKey: devKeySeed(3), rpcUrl: chain.url, chains: [LOCAL_SOLANA_CHAIN_ID] },
  })
  dapp = await createSignClient(relayUrl, 'dapp')
  const { uri, approval } = await dapp.connect({
    optionalNamespaces: {
      eip155: { chains: ['eip155:1'], methods: ['personal_sign'], events: [] },
      solana: {
        chains: [LOCAL_SOLANA_CHAIN_ID],
        methods: ['solana_signMessage', 'solana_signTransaction', 'solana_signAndSendTransaction'],
        events: [],
      },
    },
  })
  if (!uri) throw new Error('no pairing URI')
  await wallet.pair(uri)
  session = await approval()
}, 120_000)
afterAll(async () => {
  await dapp?.core.relayer.transportClose().catch(() => {})
  await wallet?.close()
  await Promise.all([cloud?.close(), chain?.close()])
  await rm(dataDir, { recursive: true, force: true })
  offline.restore()
})

const request = <T>(method: string, params: unknown) =>
  dapp.request<T>({ topic: session.topic, chainId: LOCAL_SOLANA_CHAIN_ID, request: { method, params } })

/** A SOL transfer from the wallet's account, unsigned, as the wire's base64. */
async function transfer(to: string, lamports: bigint) {
  const rpc = createSolanaRpc(chain.url)
  const from = address(wallet.solana?.address ?? '')
  const { value: blockhash } = await rpc.getLatestBlockhash().send()
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayer(from, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash(blockhash, m),
    (m) =>
      appendTransactionMessageInstructions(
        [
          getTransferSolInstruction({
            source: createNoopSigner(from),
            destination: address(to),
            amount: lamports,
          }),
        ],
        m,
      ),
  )
  const bytes = new Uint8Array(getTransactionEncoder().encode(compileTransaction(message)))
  return { rpc, transaction: getBase64Decoder().decode(bytes) }
}

describe('the WalletConnect wallet on Solana', () => {
  it('approves a session with both namespaces: its EVM and its Solana account', () => {
    expect(session.namespaces.eip155?.accounts).toEqual([`eip155:1:${wallet.address}`])
    expect(session.namespaces.solana?.accounts).toEqual([
      `${LOCAL_SOLANA_CHAIN_ID}:${wallet.solana?.address}`,
    ])
    expect(session.namespaces.solana?.methods).toEqual([
      'solana_signMessage',
      'solana_signTransaction',
      'solana_signAndSendTransaction',
    ])
  })

  it('signs a message (base58 in, base58 out) with the account’s ed25519 key', async () => {
    const message = new TextEncoder().encode('hello over WalletConnect')
    const { signature } = await request<{ signature: string }>('solana_signMessage', {
      message: getBase58Decoder().decode(message),
      pubkey: wallet.solana?.address,
    })
    const key = await getPublicKeyFromAddress(address(wallet.solana?.address ?? ''))
    const bytes = signatureBytes(new Uint8Array(getBase58Encoder().encode(signature)))
    expect(await verifySignature(key, bytes, message)).toBe(true)
  })

  it('signs and sends a SOL transfer that reaches the receiver on the local chain', async () => {
    const receiver = (await generateKeyPairSigner()).address
    const { rpc, transaction } = await transfer(receiver, 1_250_000_000n)
    const { signature } = await request<{ signature: string }>('solana_signAndSendTransaction', {
      transaction,
    })
    expect((await rpc.getSignatureStatuses([signature as never]).send()).value[0]).toBeTruthy()
    expect((await rpc.getBalance(receiver).send()).value).toBe(1_250_000_000n)
    expect(wallet.solana?.requests.map((call) => call.method)).toContain('signAndSendTransaction')
  })

  it('signs a transaction without sending it: its signature and the signed transaction', async () => {
    const receiver = (await generateKeyPairSigner()).address
    const { rpc, transaction } = await transfer(receiver, 1_000_000_000n)
    const signed = await request<{ signature: string; transaction: string }>('solana_signTransaction', {
      transaction,
    })
    expect(signed.transaction).not.toBe(transaction)
    const sent = await rpc.sendTransaction(signed.transaction as never, { encoding: 'base64' }).send()
    expect(sent).toBe(signed.signature)
    await expect.poll(async () => (await rpc.getBalance(receiver).send()).value).toBe(1_000_000_000n)
  })
})
