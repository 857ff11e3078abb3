import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { addresses, chainId } from '@allaccess/chain/deployments'
import { afterAll, describe, expect, it } from 'vitest'
import { ConfigError } from '../config/index.js'
import { loadConfig } from '../services.js'
import { loadPrices } from './prices.js'

const dir = await mkdtemp(join(tmpdir(), 'cloud-prices-'))
afterAll(() => rm(dir, { recursive: true, force: true }))

describe('the prices file', () => {
  it('prices the devnet’s coin and its test tokens at their deployed addresses', async () => {
    const prices = await loadPrices(loadConfig({}).pricesFile)
    expect(prices.price(`eip155:${chainId}:native`)).toBe(3000)
    expect(prices.price(`eip155:${chainId}:${addresses.testUsd}`)).toBe(1)
    expect(prices.price(`eip155:${chainId}:${addresses.testGold.toLowerCase()}`)).toBe(2.5)
    expect(prices.price(`eip155:${chainId}:${addresses.allAccessPass}`)).toBeUndefined()
    expect(prices.tokens(chainId).sort()).toEqual(
      [addresses.testUsd, addresses.testGold, addresses.testPoints].map((a) => a.toLowerCase()).sort(),
    )
    expect(prices.tokens(1)).toEqual([])
  })

  it('refuses a missing or malformed file, naming it', async () => {
    await expect(loadPrices(join(dir, 'none.json'))).rejects.toThrow(ConfigError)
    const bad = join(dir, 'bad.json')
    await writeFile(bad, JSON.stringify({ usd: { 'eip155:1:0x12': 1, 'eip155:1:native': -1 } }))
    await expect(loadPrices(bad)).rejects.toThrow(/CLOUD_PRICES_FILE .*bad\.json: usd/)
  })
})
