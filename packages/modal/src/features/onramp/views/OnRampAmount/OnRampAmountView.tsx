import { ONRAMP_METHOD_NAMES, ONRAMP_PAYMENT_METHODS, type OnrampPaymentMethod } from '@allaccess/protocol'
import { useEffect, useId } from 'react'
import { StepFeedback } from '../../../../ui/components/StepFeedback'
import { useViewStyles } from '../../../../ui/shell/viewStyles'
import { onrampCss } from '../onramp.css'
import { useOnramp, useOnrampState } from '../useOnramp'

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)

/**
 * OnRampAmount (docs/behaviour.md#on-ramp): the amount in the payment currency, what to buy, how to pay; the
 * payment method's limits as the visitor types, then the quote; Buy opens the provider's window.
 */
export function OnRampAmountView() {
  useViewStyles(onrampCss)
  const onramp = useOnramp()
  const state = useOnrampState((current) => current)
  const id = useId()
  useEffect(() => {
    void onramp.load()
  }, [onramp])
  const { quote, problem, paymentCurrency, purchaseCurrency } = state
  if (!state.optionsLoading && state.paymentCurrencies.length > 0 && state.purchaseCurrencies.length === 0)
    return <p className="muted">Nothing can be bought on this network.</p>
  return (
    <form
      className="stack onramp-form"
      aria-label="Buy crypto"
      onSubmit={(event) => {
        event.preventDefault()
        void onramp.buy()
      }}
    >
      <label>
        Amount{paymentCurrency ? ` (${paymentCurrency.id})` : ''}
        <input
          type="text"
          inputMode="decimal"
          autoComplete="off"
          value={state.paymentAmount}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-problem` : undefined}
          onChange={(event) => onramp.setPaymentAmount(event.currentTarget.value)}
        />
      </label>
      {problem ? (
        <p id={`${id}-problem`} className="error" role="alert">
          {problem}
        </p>
      ) : null}
      <div className="onramp-row">
        <label>
          Pay with
          <select
            value={paymentCurrency?.id ?? ''}
            onChange={(event) => onramp.setPaymentCurrency(event.currentTarget.value)}
          >
            {state.paymentCurrencies.map((currency) => (
              <option key={currency.id} value={currency.id}>
                {currency.id}
              </option>
            ))}
          </select>
        </label>
        <label>
          Buy
          <select
            value={purchaseCurrency?.id ?? ''}
            onChange={(event) => onramp.setPurchaseCurrency(event.currentTarget.value)}
          >
            {state.purchaseCurrencies.map((currency) => (
              <option key={currency.id} value={currency.id}>
                {currency.symbol}
              </option>
            ))}
          </select>
        </label>
      </div>
      <label>
        Payment method
        <select
          value={state.paymentMethod}
          onChange={(event) => onramp.setPaymentMethod(event.currentTarget.value as OnrampPaymentMethod)}
        >
          {ONRAMP_PAYMENT_METHODS.map((method) => (
            <option key={method} value={method}>
              {capitalised(ONRAMP_METHOD_NAMES[method])}
            </option>
          ))}
        </select>
      </label>
      <StepFeedback
        busy={state.quotesLoading || state.optionsLoading}
        busyText={state.optionsLoading ? 'Loading currencies…' : 'Getting a quote…'}
        error={state.error}
      />
      {quote ? (
        <dl className="onramp-quote" aria-label="Quote">
          <dt className="onramp-receive">You get</dt>
          <dd className="onramp-receive">
            {quote.purchaseAmount.amount} {purchaseCurrency?.symbol}
          </dd>
          <dt>Provider fee</dt>
          <dd>
            {quote.providerFee.amount} {quote.providerFee.currency}
          </dd>
          <dt>Network fee</dt>
          <dd>
            {quote.networkFee.amount} {quote.networkFee.currency}
          </dd>
          <dt>Total</dt>
          <dd>
            {quote.paymentTotal.amount} {quote.paymentTotal.currency}
          </dd>
        </dl>
      ) : null}
      <button type="submit" className="primary-button" disabled={!quote}>
        Buy with {state.selectedProvider?.name ?? 'the provider'}
      </button>
    </form>
  )
}
