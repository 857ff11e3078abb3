import { useId, useState } from 'react'
import { truncateAmount } from '../../../kernel/formatBalance'
import { useModal } from '../../../ui/shell/hooks'
import { useViewStyles } from '../../../ui/shell/viewStyles'
import { swapsCss } from './swaps.css'
import { useSwaps, useSwapsState } from './useSwaps'

/** A token for one side of the swap: the exchange's tokens with the account's balances, searched by name or symbol. */
export function SwapSelectTokenView({ side }: { side: 'from' | 'to' }) {
  useViewStyles(swapsCss)
  const modal = useModal()
  const swaps = useSwaps()
  const id = useId()
  const tokens = useSwapsState((state) => state.tokens) ?? []
  const [search, setSearch] = useState('')
  const wanted = search.trim().toLowerCase()
  const shown = tokens.filter(
    (token) => token.symbol.toLowerCase().includes(wanted) || token.name.toLowerCase().includes(wanted),
  )
  return (
    <div className="stack swap">
      <label htmlFor={`${id}-search`}>Search tokens</label>
      <input
        id={`${id}-search`}
        type="search"
        autoComplete="off"
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
      />
      <ul className="list" aria-label="Tokens">
        {shown.map((token) => (
          <li key={token.address}>
            <button
              type="button"
              className="row-button swap-token"
              onClick={() => {
                swaps.pick(side, token)
                modal.back()
              }}
            >
              <span>
                {token.symbol} <span className="muted">{token.name}</span>
              </span>
              <span className="muted">{truncateAmount(swaps.balanceOf(token))}</span>
            </button>
          </li>
        ))}
      </ul>
      {shown.length === 0 ? <p className="muted">No token matches</p> : null}
    </div>
  )
}
