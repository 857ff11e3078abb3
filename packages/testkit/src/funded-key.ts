import { createTestClient, type Hex, http, parseEther } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'

/** A fresh private key whose account anvil credits via `anvil_setBalance` (10 ETH unless told otherwise). */
export async function fundedKey(rpcUrl: string, { balance = parseEther('10') }: { balance?: bigint } = {}) {
  const privateKey: Hex = generatePrivateKey()
  const anvil = createTestClient({ mode: 'anvil', transport: http(rpcUrl, { retryCount: 0 }) })
  await anvil.setBalance({ address: privateKeyToAccount(privateKey).address, value: balance })
  return privateKey
}
