import { addresses, allAccessPassAbi } from '@allaccess/chain/deployments'
import type { Page } from '@playwright/test'
import { createPublicClient, http } from 'viem'
import { E2E_RPC_URL } from './ports'

const chainClient = createPublicClient({ transport: http(E2E_RPC_URL) })

/** The pass the page says the visitor holds ("You hold All-Access Pass #N."), and its owner on the chain. */
export async function heldPass(page: Page): Promise<{ tokenId: bigint; owner: `0x${string}` }> {
  const tokenId = BigInt(
    (await page.getByText(/You hold All-Access Pass #\d+\./).textContent())?.match(/#(\d+)/)?.[1] ?? 0,
  )
  const owner = await chainClient.readContract({
    address: addresses.allAccessPass,
    abi: allAccessPassAbi,
    functionName: 'ownerOf',
    args: [tokenId],
  })
  return { tokenId, owner }
}
