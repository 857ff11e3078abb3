import type { AccountSource } from '../account/index.js'
import type { ConvertService } from './service.js'

/**
 * The account source with its prices from the exchanges' pools where a chain has one (USD is the exchange's
 * stablecoin, apps/cloud/README.md#prices), else from the prices file.
 */
export function withPoolPrices(source: AccountSource, convert: ConvertService): AccountSource {
  return {
    ...source,
    async prices(ids) {
      const [known, pooled] = await Promise.all([source.prices(ids), convert.prices(ids)])
      const fromFile = new Map(known.map((fungible) => [fungible.address, fungible]))
      return [...new Set(ids)].flatMap((id) => {
        const fungible = pooled.get(id) ?? fromFile.get(id)
        return fungible ? [fungible] : []
      })
    },
  }
}
