import type { WalletCatalogueEntry } from '@allaccess/protocol'

/** Synthetic listings for load and UI-scale tests. Every homepage is on the reserved `.example` domain. */
export const FIXTURE_HOMEPAGE_ORIGIN = 'https://wallets.example'

/** Featured orders of fixture wallets start after the seed catalogue's. */
const FIRST_FIXTURE_ORDER = 1001

const CODENAMES = [
  'Aurora',
  'Basalt',
  'Cinder',
  'Delta',
  'Ember',
  'Fjord',
  'Glacier',
  'Harbor',
  'Iris',
  'Juniper',
  'Kestrel',
  'Lumen',
  'Meadow',
  'Nimbus',
  'Onyx',
  'Prairie',
  'Quartz',
  'Reef',
  'Sierra',
  'Tundra',
  'Umber',
  'Vertex',
  'Willow',
  'Xenon',
  'Yarrow',
  'Zephyr',
] as const

const CHAIN_POOL = [
  'eip155:1',
  'eip155:10',
  'eip155:56',
  'eip155:137',
  'eip155:8453',
  'eip155:42161',
  'eip155:43114',
  'eip155:59144',
  'eip155:324',
  'eip155:100',
  'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  'bip122:000000000019d6689c085ae165831e93',
  'cosmos:cosmoshub-4',
  'polkadot:91b171bb158e2d3848fa23a9f1c25182',
] as const

/** mulberry32: a tiny seeded generator, so one seed always yields the same fixture. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let mixed = Math.imul(state ^ (state >>> 15), 1 | state)
    mixed = (mixed + Math.imul(mixed ^ (mixed >>> 7), 61 | mixed)) ^ mixed
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 2 ** 32
  }
}

function pickOne<T>(items: readonly T[], random: () => number): T {
  return items[Math.floor(random() * items.length)] as T
}

function pickChains(random: () => number): string[] {
  const wanted = 1 + Math.floor(random() * 5)
  const chosen = new Set<string>(random() < 0.8 ? ['eip155:1'] : [])
  while (chosen.size < wanted) chosen.add(pickOne(CHAIN_POOL, random))
  return [...chosen]
}

/** Fisher–Yates over 0..count-1, driven by `random`. */
function shuffledRanks(count: number, random: () => number): number[] {
  const ranks = Array.from({ length: count }, (_, rank) => rank)
  for (let index = count - 1; index > 0; index--) {
    const swapWith = Math.floor(random() * (index + 1))
    ;[ranks[index], ranks[swapWith]] = [ranks[swapWith] as number, ranks[index] as number]
  }
  return ranks
}

/**
 * `count` deterministic synthetic wallets named like "Fixture Wallet 0001 Aurora": unique ids and names,
 * varied chains, some with rdns, deep links or an injected provider, featured orders from 1001 on.
 */
export function generateWalletFixture(count = 1000, seed = 1): WalletCatalogueEntry[] {
  if (!Number.isInteger(count) || count < 0)
    throw new RangeError(`count must be a whole number ≥ 0, got ${count}`)
  const random = seededRandom(seed)
  const ranks = shuffledRanks(count, random)
  const digits = Math.max(4, String(count).length)
  return ranks.map((rank, index) => {
    const number = String(index + 1).padStart(digits, '0')
    const codename = pickOne(CODENAMES, random)
    const id = `fixture-wallet-${number}-${codename.toLowerCase()}`
    const hasExtension = random() < 0.35
    return {
      id,
      name: `Fixture Wallet ${number} ${codename}`,
      homepage: `${FIXTURE_HOMEPAGE_ORIGIN}/${id}`,
      image_id: id,
      mobile_link: random() < 0.6 ? `fixture${number}://` : null,
      desktop_link: random() < 0.1 ? `fixture${number}-desktop://` : null,
      webapp_link: random() < 0.2 ? `${FIXTURE_HOMEPAGE_ORIGIN}/${id}/app` : null,
      app_store: null,
      play_store: null,
      chrome_store: null,
      rdns: hasExtension ? `example.wallets.fixture${number}` : null,
      chains: pickChains(random),
      injected: hasExtension ? [{ namespace: 'eip155', injected_id: `isFixture${number}` }] : null,
      badge_type: random() < 0.05 ? 'certified' : 'none',
      supports_wc: random() < 0.85,
      order: FIRST_FIXTURE_ORDER + rank,
    }
  })
}
