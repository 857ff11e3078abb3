import { generateKeyPairSync, type KeyObject, sign } from 'node:crypto'
import {
  ERROR_CODES,
  SIWX_TEXTS,
  type SiwxMessage,
  siwxMessageSchema,
  siwxSessionCreatedSchema,
} from '@allaccess/protocol'
import { LOCAL_SOLANA_CHAIN_ID } from '@allaccess/solana-chain/constants'
import { getBase58Decoder } from '@solana/kit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LOCAL_QUERY, startTestCloud, type TestCloud } from '../test-support/cloud.js'
import { readSignedMessage } from './signed-message.js'

// Sign in with a Solana wallet (apps/cloud/README.md#sign-in-with-the-wallet): CAIP-122's Solana message, its
// ed25519 signature checked by the cloud (no node needed). The local Solana network is served by default.

let cloud: TestCloud
beforeAll(async () => {
  cloud = await startTestCloud({ CLOUD_RATE_LIMIT_MAX: '100000' })
})
afterAll(async () => {
  await cloud?.close()
})

const SITE = 'http://localhost:5173'
const base58 = (bytes: Uint8Array) => getBase58Decoder().decode(bytes)

/** A fresh ed25519 key and its Solana address (the base58 public key). */
function freshKey(): { address: string; privateKey: KeyObject } {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519')
  const raw = Buffer.from(publicKey.export({ format: 'jwk' }).x as string, 'base64url')
  return { address: base58(raw), privateKey }
}

async function issued(chainId = LOCAL_SOLANA_CHAIN_ID, accountAddress = ''): Promise<SiwxMessage> {
  const response = await cloud.post(
    `/auth/v1/siwx/message?${LOCAL_QUERY}`,
    { chainId, accountAddress },
    { headers: { origin: SITE } },
  )
  expect(response.status).toBe(200)
  return siwxMessageSchema.parse(await response.json())
}

/** The text as the modal's Solana family writes it (packages/modal/src/chains/solana/signInMessage.ts). */
const textOf = (fields: SiwxMessage, address: string) =>
  [
    `${fields.domain} wants you to sign in with your Solana account:`,
    address,
    '',
    fields.statement,
    '',
    `URI: ${fields.uri}`,
    `Version: ${fields.version}`,
    `Chain ID: ${fields.chainId.split(':')[1]}`,
    `Nonce: ${fields.nonce}`,
    `Issued At: ${fields.issuedAt}`,
    `Expiration Time: ${fields.expirationTime}`,
    `Not Before: ${fields.notBefore}`,
    `Request ID: ${fields.requestId}`,
  ].join('\n')

const signatureOf = (message: string, key: KeyObject) => base58(sign(null, Buffer.from(message), key))

const postSession = (body: unknown) =>
  cloud.post(`/auth/v1/siwx/sessions?${LOCAL_QUERY}`, body, { headers: { origin: SITE } })

async function refusal(response: Response) {
  const body = (await response.json()) as { code: string; message: string }
  return { status: response.status, code: body.code, message: body.message }
}

describe('sign in with a Solana wallet', () => {
  it('issues a message on the local Solana network; its ed25519-signed text becomes a session of the base58 account', async () => {
    const key = freshKey()
    const fields = await issued()
    expect(fields.chainId).toBe(LOCAL_SOLANA_CHAIN_ID)
    const message = textOf(fields, key.address)
    const response = await postSession({ message, signature: signatureOf(message, key.privateKey) })
    expect(response.status).toBe(201)
    const created = siwxSessionCreatedSchema.parse(await response.json())
    expect(created.session.data.accountAddress).toBe(key.address)

    // The pass is an EVM token: a Solana account holds none, and is told so (an answer without the content).
    const area = await cloud.get(`/holders/v1/area?${LOCAL_QUERY}`, {
      headers: { authorization: `Bearer ${created.token}` },
    })
    expect(area.status).toBe(200)
    expect(await area.json()).toEqual({ address: key.address, passes: 0, content: null })
  })

  it("refuses another key's signature, a text for another account than the one asked for, and an unserved network", async () => {
    const key = freshKey()
    const fields = await issued()
    const message = textOf(fields, key.address)
    expect(
      await refusal(await postSession({ message, signature: signatureOf(message, freshKey().privateKey) })),
    ).toEqual({
      status: 401,
      code: ERROR_CODES.siwxInvalidSignature,
      message: SIWX_TEXTS.invalidSignature,
    })

    const other = freshKey()
    const bound = await issued(LOCAL_SOLANA_CHAIN_ID, key.address)
    const forOther = textOf(bound, other.address)
    expect(
      await refusal(
        await postSession({ message: forOther, signature: signatureOf(forOther, other.privateKey) }),
      ),
    ).toEqual({
      status: 400,
      code: ERROR_CODES.siwxMessageMismatch,
      message: SIWX_TEXTS.messageMismatch,
    })

    const mainnet = await cloud.post(
      `/auth/v1/siwx/message?${LOCAL_QUERY}`,
      { chainId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', accountAddress: '' },
      { headers: { origin: SITE } },
    )
    expect((await refusal(mainnet)).message).toBe(SIWX_TEXTS.chainNotServed)
  })

  it('reads the Solana text field by field, and nothing that strays from its shape', async () => {
    const key = freshKey()
    const fields = await issued()
    const text = textOf(fields, key.address)
    expect(readSignedMessage(text)).toMatchObject({
      namespace: 'solana',
      address: key.address,
      chainId: LOCAL_SOLANA_CHAIN_ID,
      domain: 'localhost:5173',
      uri: SITE,
      nonce: fields.nonce,
      statement: fields.statement,
      requestId: fields.requestId,
      resources: [],
      expirationTime: new Date(fields.expirationTime),
    })
    expect(readSignedMessage(text.replace(key.address, '0xnot-base58'))).toBeUndefined()
    expect(readSignedMessage(text.replace('Nonce: ', 'Nonce? '))).toBeUndefined()
    expect(readSignedMessage(`${text}\nNonce: again`)).toBeUndefined()
    expect(
      readSignedMessage(`${text}\nResources:\n- https://a.example\n- https://b.example`)?.resources,
    ).toEqual(['https://a.example', 'https://b.example'])
  })
})
