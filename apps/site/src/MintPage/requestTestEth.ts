import { errorBodySchema, faucetResponseSchema } from '@allaccess/protocol'

/** The cloud's devnet faucet (apps/cloud/README.md#faucet): test ETH to `address`; the transaction's hash. */
export async function requestTestEth({
  cloudUrl,
  projectId,
  chainId,
  address,
  fetch = globalThis.fetch,
}: {
  cloudUrl: string
  projectId: string
  chainId: number
  address: string
  fetch?: typeof globalThis.fetch
}): Promise<`0x${string}`> {
  const response = await fetch(`${cloudUrl}/v1/faucet?projectId=${encodeURIComponent(projectId)}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ chainId, address }),
  }).catch(() => undefined)
  const answer: unknown = await response?.json().catch(() => undefined)
  if (!response?.ok) {
    const refusal = errorBodySchema.safeParse(answer)
    throw new Error(refusal.success ? refusal.data.message : 'The faucet is out of reach. Try again later.')
  }
  const parsed = faucetResponseSchema.safeParse(answer)
  if (!parsed.success) throw new Error('The faucet gave an answer the page does not understand.')
  return parsed.data.hash as `0x${string}`
}
