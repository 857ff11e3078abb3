import { type AnvilInstance, deployAll, devAccounts, startAnvil } from '@allaccess/chain'
import { allAccessPassAbi } from '@allaccess/chain/deployments'
import { type Address, createPublicClient, createWalletClient, http } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { decodeTokenUri } from './decodeTokenUri'
import { previewArtwork } from './previewArtwork'

// Five passes: id 5's second hue (325 + 48) wraps round the colour wheel.
const MINTED = 5
let anvil: AnvilInstance
let pass: Address

beforeAll(async () => {
  anvil = await startAnvil({ port: 0 })
  const { addresses, passConfig } = await deployAll({ rpcUrl: anvil.rpcUrl, writeModule: false })
  pass = addresses.allAccessPass
  const reader = createPublicClient({ transport: http(anvil.rpcUrl) })
  // One pass per wallet (walletLimit 1): each from its own dev account.
  for (const { privateKey } of devAccounts.slice(1, MINTED + 1)) {
    const wallet = createWalletClient({
      account: privateKeyToAccount(privateKey),
      transport: http(anvil.rpcUrl),
    })
    const hash = await wallet.writeContract({
      address: pass,
      abi: allAccessPassAbi,
      functionName: 'mint',
      value: passConfig.priceWei,
      chain: null,
    })
    await reader.waitForTransactionReceipt({ hash, pollingInterval: 50 })
  }
}, 60_000)
afterAll(() => anvil?.stop())

describe('previewArtwork', () => {
  it.each(Array.from({ length: MINTED }, (_, index) => BigInt(index + 1)))(
    'draws pass #%s exactly as the contract’s tokenURI does',
    async (tokenId) => {
      const reader = createPublicClient({ transport: http(anvil.rpcUrl) })
      const uri = await reader.readContract({
        address: pass,
        abi: allAccessPassAbi,
        functionName: 'tokenURI',
        args: [tokenId],
      })
      expect(previewArtwork(tokenId)).toEqual(decodeTokenUri(uri))
    },
  )
})
