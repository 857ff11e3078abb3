import { type FormEvent, useId } from 'react'
import { truncateAmount } from '../../../../kernel/formatBalance'
import { useViewStyles } from '../../../../ui/shell/viewStyles'
import { useAccount, useAccountState, useSendState } from '../useAccount'
import { sendCss } from './send.css'

/**
 * Send (docs/behaviour.md#send): the token (from the account's balances), the amount with Max, the receiver.
 * Preview checks the form and says what is wrong, in the product's words.
 */
export function SendView() {
  useViewStyles(sendCss)
  const { send } = useAccount()
  const id = useId()
  const balances = useAccountState((state) => state.tokenBalance) ?? []
  const token = useSendState((state) => state.token)
  const amount = useSendState((state) => state.amount)
  const receiver = useSendState((state) => state.receiver)
  const error = useSendState((state) => state.error)
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    void send.preview()
  }
  const keyOf = (address: string | undefined) => address ?? 'native'
  return (
    <form className="stack send" onSubmit={onSubmit} noValidate>
      <label htmlFor={`${id}-token`}>Token</label>
      <select
        id={`${id}-token`}
        value={token ? keyOf(token.address) : ''}
        onChange={(event) =>
          send.setToken(balances.find((balance) => keyOf(balance.address) === event.target.value))
        }
      >
        <option value="">Choose a token</option>
        {balances.map((balance) => (
          <option key={keyOf(balance.address)} value={keyOf(balance.address)}>
            {balance.symbol} — {truncateAmount(balance.quantity.numeric)} available
          </option>
        ))}
      </select>
      <label htmlFor={`${id}-amount`}>Amount</label>
      <div className="send-amount">
        <input
          id={`${id}-amount`}
          inputMode="decimal"
          autoComplete="off"
          placeholder="0"
          value={amount}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => send.setAmount(event.target.value)}
        />
        <button type="button" className="secondary-button" onClick={() => send.max()}>
          Max
        </button>
      </div>
      <label htmlFor={`${id}-receiver`}>Receiver address</label>
      <input
        id={`${id}-receiver`}
        autoComplete="off"
        spellCheck={false}
        placeholder="0x… or a name"
        value={receiver}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => send.setReceiver(event.target.value)}
      />
      {error ? (
        <p className="error" role="alert" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
      <button type="submit" className="primary-button">
        Preview send
      </button>
    </form>
  )
}
