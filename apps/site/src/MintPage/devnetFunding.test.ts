import { readFile } from 'node:fs/promises'
import { privateKeyToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { DEVNET_FUNDED_KEY, devnetFundingCommand, isDevnet } from './devnetFunding'

describe('devnetFunding', () => {
  it('sends from the funded dev key the README publishes: anvil’s account #1', async () => {
    const readme = await readFile(new URL('../../../../README.md', import.meta.url), 'utf8')
    expect(readme).toContain(DEVNET_FUNDED_KEY)
    expect(privateKeyToAccount(DEVNET_FUNDED_KEY).address).toBe('0x70997970C51812dc3A010C7d01b50e0d17dc79C8')
  })
  it('is a cast command for the visitor’s address over the site’s RPC, the URL quoted for the shell', () => {
    expect(
      devnetFundingCommand({
        to: '0xabc',
        rpcUrl: "http://127.0.0.1:8787/v1/?chainId=eip155:31337&projectId=it's",
      }),
    ).toBe(
      `cast send 0xabc --value 1ether --private-key ${DEVNET_FUNDED_KEY} --rpc-url 'http://127.0.0.1:8787/v1/?chainId=eip155:31337&projectId=it'\\''s'`,
    )
  })
  it('knows the devnet by its chain id', () => {
    expect(isDevnet(31337)).toBe(true)
    expect(isDevnet(11155111)).toBe(false)
  })
})
