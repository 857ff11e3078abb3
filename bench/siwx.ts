/**
 * Sign-in benchmark (loopback, sequential, bounded): one whole sign-in as the modal makes it — the cloud issues a
 * message (`POST /auth/v1/siwx/message`), the wallet signs its EIP-4361 text, the cloud verifies the signature and
 * keeps the session (`POST /auth/v1/siwx/sessions`) — and the holders' area read with the session's token (the
 * pass counted on chain). Prints p50 and p95 in ms. Run: `npx tsx bench/siwx.ts` (BENCH_ROUNDS, default 200).
 */
import { deployAll } from '@allaccess/chain'
import { siwxMessageSchema, siwxSessionCreatedSchema } from '@allaccess/protocol'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { createSiweMessage } from 'viem/siwe'
import { BENCH_CLIENT, ROUNDS, startChainAndCloud, timed } from './loopback'

const { anvil, cloud, stop } = await startChainAndCloud()
/** The local project's own page: an allowed origin. */
const ORIGIN = 'http://127.0.0.1:5173'

// The pass the holders' area counts.
await deployAll({ rpcUrl: anvil.rpcUrl, writeModule: false })
const post = async (path: string, body: unknown) => {
  const response = await fetch(`${cloud.url}${path}?${BENCH_CLIENT}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: ORIGIN },
    body: JSON.stringify(body),
  })
  if (!response.ok) throw new Error(`${path} ${response.status}: ${await response.text()}`)
  return response.json()
}
try {
  // A fresh account each round: the cloud keeps at most 20 sessions per account.
  let token = ''
  const signIn = await timed(ROUNDS, async () => {
    const account = privateKeyToAccount(generatePrivateKey())
    const fields = siwxMessageSchema.parse(
      await post('/auth/v1/siwx/message', { chainId: 'eip155:31337', accountAddress: '' }),
    )
    const message = createSiweMessage({
      address: account.address,
      chainId: 31337,
      domain: fields.domain,
      uri: fields.uri,
      version: '1',
      nonce: fields.nonce,
      statement: fields.statement,
      requestId: fields.requestId,
      issuedAt: new Date(fields.issuedAt),
      expirationTime: new Date(fields.expirationTime),
      notBefore: new Date(fields.notBefore),
    })
    const signature = await account.signMessage({ message })
    token = siwxSessionCreatedSchema.parse(await post('/auth/v1/siwx/sessions', { message, signature })).token
  })
  const area = await timed(ROUNDS, async () => {
    const response = await fetch(`${cloud.url}/holders/v1/area?${BENCH_CLIENT}`, {
      headers: { authorization: `Bearer ${token}`, origin: ORIGIN },
    })
    // The account holds no pass: the cloud counted on chain and answers without the content.
    if (response.status !== 200) throw new Error(`holders' area ${response.status}`)
    if ((await response.json()).content !== null) throw new Error("holders' area: content for a non-holder")
  })
  console.table([
    { scenario: 'sign-in: message, signature, session', ...signIn },
    { scenario: "holders' area (pass counted on chain)", ...area },
  ])
} finally {
  await stop()
}
