import {
  getBase58Decoder,
  getBase58Encoder,
  getBase64Encoder,
  getCompiledTransactionMessageDecoder,
  getPublicKeyFromAddress,
  getTransactionDecoder,
  type SignatureBytes,
  verifySignature,
} from '@solana/kit'
import { describe, expect, it } from 'vitest'
import { RECEIVER, solTransfer, wireOf } from '../testing/solanaTransactions'
import { createSolanaHandler, NO_SIGNATURE_TEXT, OTHER_ACCOUNT_TEXT, type SolanaApproval } from './handler'
import { solanaAccountOf } from './keys'
import { SOLANA_PARAM_TEXTS, TRANSACTIONS_MAX } from './methods'
import { solanaNetwork } from './networks'

const SECRET = '0x4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318'
const LOCAL = 'Tnwe9PZ5Ug274Ze7Tiurka8Y4UF42N4BRRbjvAdrNu9'.slice(0, 32)
const network = solanaNetwork(LOCAL, { cloudUrl: 'http://cloud.test', projectId: 'p1' })
const b58 = (text: string) => getBase58Decoder().decode(new TextEncoder().encode(text))

async function setup(answer = true, fetch?: typeof globalThis.fetch) {
  const account = await solanaAccountOf(SECRET)
  const asked: SolanaApproval[] = []
  const refused: string[] = []
  const handle = createSolanaHandler({
    account: async () => account,
    approve: async (request) => {
      asked.push(request)
      return answer
    },
    refused: (method) => refused.push(method),
    ...(fetch ? { fetch } : {}),
  })
  return {
    account,
    asked,
    refused,
    handle: (method: string, params: unknown) => handle({ method, params }, network),
  }
}

/** Each bad shape, and the text it gets after 'Invalid parameters: '. */
const BAD_SHAPES: [string, unknown, string][] = [
  ['solana_signMessage', undefined, SOLANA_PARAM_TEXTS.solana_signMessage],
  ['solana_signMessage', { message: b58('hi') }, SOLANA_PARAM_TEXTS.solana_signMessage],
  [
    'solana_signMessage',
    { pubkey: 'AsHLaGX13Uep5FJj5kTmHLogoFXDhnRHpp1w1jAZnCaV' },
    SOLANA_PARAM_TEXTS.solana_signMessage,
  ],
  [
    'solana_signMessage',
    { message: 'not base58 0OIl', pubkey: 'AsHLaGX13Uep5FJj5kTmHLogoFXDhnRHpp1w1jAZnCaV' },
    SOLANA_PARAM_TEXTS.solana_signMessage,
  ],
  ['solana_signMessage', { message: b58('hi'), pubkey: 'short' }, SOLANA_PARAM_TEXTS.solana_signMessage],
  [
    'solana_signMessage',
    [b58('hi'), 'AsHLaGX13Uep5FJj5kTmHLogoFXDhnRHpp1w1jAZnCaV'],
    SOLANA_PARAM_TEXTS.solana_signMessage,
  ],
  ['solana_signTransaction', {}, SOLANA_PARAM_TEXTS.solana_signTransaction],
  ['solana_signTransaction', { transaction: 42 }, SOLANA_PARAM_TEXTS.solana_signTransaction],
  ['solana_signTransaction', { transaction: 'not*base64' }, SOLANA_PARAM_TEXTS.solana_signTransaction],
  ['solana_signTransaction', { transaction: 'A'.repeat(1648) }, SOLANA_PARAM_TEXTS.solana_signTransaction],
  ['solana_signAllTransactions', { transactions: 'AAAA' }, SOLANA_PARAM_TEXTS.solana_signAllTransactions],
  ['solana_signAllTransactions', { transactions: [] }, SOLANA_PARAM_TEXTS.solana_signAllTransactions],
  ['solana_signAllTransactions', { transactions: [7] }, SOLANA_PARAM_TEXTS.solana_signAllTransactions],
  [
    'solana_signAllTransactions',
    { transactions: Array(TRANSACTIONS_MAX + 1).fill('AAAA') },
    SOLANA_PARAM_TEXTS.solana_signAllTransactions,
  ],
  ['solana_signAndSendTransaction', { transaction: null }, SOLANA_PARAM_TEXTS.solana_signAndSendTransaction],
  [
    'solana_signAndSendTransaction',
    { transaction: 'AAAA', options: { encoding: 'base58' } },
    SOLANA_PARAM_TEXTS.solana_signAndSendTransaction,
  ],
]

describe('solana methods: spec §5 shapes, each bad one its text', () => {
  it('pins the texts', () => {
    expect(SOLANA_PARAM_TEXTS).toEqual({
      solana_signMessage: 'solana_signMessage needs a message (base58) and the pubkey that signs it',
      solana_signTransaction: 'solana_signTransaction needs a transaction string (base64)',
      solana_signAllTransactions: 'solana_signAllTransactions needs a list of transactions (base64 strings)',
      solana_signAndSendTransaction: 'solana_signAndSendTransaction needs a transaction string (base64)',
      notATransaction: 'the transaction is not a Solana transaction (base64 wire format)',
      messageIsTransaction: 'the message is a Solana transaction: ask for solana_signTransaction instead',
      notThisSigner: 'the transaction does not ask this wallet to sign it',
    })
    expect(OTHER_ACCOUNT_TEXT).toBe('The request names another account than this wallet')
    expect(NO_SIGNATURE_TEXT).toBe("The network's RPC answered no signature")
  })

  it.each(BAD_SHAPES)('%s with %j: refused before anything is shown', async (method, params, text) => {
    const { handle, asked } = await setup()
    await expect(handle(method, params)).rejects.toMatchObject({
      message: `Invalid parameters: ${text}`,
      code: -32602,
    })
    expect(asked).toEqual([])
  })

  it('a transaction string that is no transaction, or not this wallet’s to sign, is refused by name', async () => {
    const { handle, account } = await setup()
    await expect(handle('solana_signTransaction', { transaction: 'aGVsbG8=' })).rejects.toThrow(
      SOLANA_PARAM_TEXTS.notATransaction,
    )
    const others = wireOf(RECEIVER, [solTransfer(RECEIVER, 1n, account.address)])
    await expect(handle('solana_signAllTransactions', { transactions: [others] })).rejects.toThrow(
      SOLANA_PARAM_TEXTS.notThisSigner,
    )
  })

  it('a message for another pubkey, or one that is a transaction message, is refused', async () => {
    const { handle, account } = await setup()
    await expect(
      handle('solana_signMessage', { message: b58('hi'), pubkey: RECEIVER }),
    ).rejects.toMatchObject({ message: OTHER_ACCOUNT_TEXT, code: 4100 })
    const wire = getTransactionDecoder().decode(
      getBase64Encoder().encode(wireOf(account.address, [solTransfer(account.address, 1n)])),
    )
    const asMessage = getBase58Decoder().decode(new Uint8Array(wire.messageBytes))
    await expect(
      handle('solana_signMessage', { message: asMessage, pubkey: account.address }),
    ).rejects.toThrow(SOLANA_PARAM_TEXTS.messageIsTransaction)
  })

  it('another solana_ method is not allowed, and the user is told', async () => {
    const { handle, refused } = await setup()
    await expect(handle('solana_requestAirdrop', {})).rejects.toMatchObject({ code: 4200 })
    expect(refused).toEqual(['solana_requestAirdrop'])
  })

  it('rejected in the frame: nothing is signed (4001)', async () => {
    const { handle, account } = await setup(false)
    await expect(
      handle('solana_signMessage', { message: b58('hi'), pubkey: account.address }),
    ).rejects.toMatchObject({
      code: 4001,
    })
  })

  it('signMessage: the bytes shown are the bytes signed', async () => {
    const { handle, account, asked } = await setup()
    const { signature } = (await handle('solana_signMessage', {
      message: b58('hello'),
      pubkey: account.address,
    })) as {
      signature: string
    }
    expect(asked[0]).toMatchObject({
      method: 'solana_signMessage',
      message: new TextEncoder().encode('hello'),
    })
    const key = await getPublicKeyFromAddress(account.address)
    const bytes = new Uint8Array(getBase58Encoder().encode(signature)) as unknown as SignatureBytes
    expect(await verifySignature(key, bytes, new TextEncoder().encode('hello'))).toBe(true)
  })

  it('signTransaction: approved decoded, answered signed by the wallet, the message unchanged', async () => {
    const { handle, account, asked } = await setup()
    const wire = wireOf(account.address, [solTransfer(account.address, 7n)])
    const { transaction } = (await handle('solana_signTransaction', { transaction: wire })) as {
      transaction: string
    }
    expect(asked[0]?.method).toBe('solana_signTransaction')
    if (asked[0]?.method === 'solana_signMessage') throw new Error('unexpected')
    expect(asked[0]?.transactions[0]?.actions).toEqual([
      { kind: 'solTransfer', from: account.address, to: RECEIVER, lamports: 7n },
    ])
    const signed = getTransactionDecoder().decode(getBase64Encoder().encode(transaction))
    const sent = getTransactionDecoder().decode(getBase64Encoder().encode(wire))
    expect(signed.messageBytes).toEqual(sent.messageBytes)
    const signature = signed.signatures[account.address] as SignatureBytes
    const key = await getPublicKeyFromAddress(account.address)
    expect(await verifySignature(key, signature, new Uint8Array(signed.messageBytes))).toBe(true)
    expect(getCompiledTransactionMessageDecoder().decode(signed.messageBytes).staticAccounts[0]).toBe(
      account.address,
    )
  })

  it("signAndSend: sent through the cloud's gateway for the network, its signature answered", async () => {
    const bodies: { url: string; body: { method: string; params: [string, object] } }[] = []
    const fetch = (async (url: string, init: RequestInit) => {
      bodies.push({ url, body: JSON.parse(String(init.body)) })
      return new Response(JSON.stringify({ jsonrpc: '2.0', id: 1, result: 'SIG' }))
    }) as typeof globalThis.fetch
    const { handle, account } = await setup(true, fetch)
    const wire = wireOf(account.address, [solTransfer(account.address, 7n)])
    const answer = await handle('solana_signAndSendTransaction', {
      transaction: wire,
      options: { skipPreflight: true },
    })
    expect(answer).toEqual({ signature: 'SIG' })
    expect(bodies[0]?.url).toBe(`http://cloud.test/v1/?chainId=solana%3A${LOCAL}&projectId=p1`)
    expect(bodies[0]?.body.method).toBe('sendTransaction')
    expect(bodies[0]?.body.params[1]).toEqual({ skipPreflight: true, encoding: 'base64' })
  })
})
