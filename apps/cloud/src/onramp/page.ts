import { ONRAMP_CHECKOUT_PATH, ONRAMP_TEST_CARDS, ONRAMP_TEST_CONFIRMATION_CODE } from '@allaccess/protocol'
import { formatUnits } from 'viem'
import { escapeHtml } from '../http/html.js'
import { purchaseDecimals } from './catalogue.js'
import type { CheckoutState } from './service.js'

/** The checkout's form actions. */
export const CHECKOUT_CONFIRM_PATH = `${ONRAMP_CHECKOUT_PATH}/confirm`

/** No script at all, forms post to this cloud only, and no other site may frame the page. */
export const CHECKOUT_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'"

const STYLE = `:root{color-scheme:light dark;font-family:system-ui,sans-serif}
body{max-width:26rem;margin:2rem auto;padding:0 1rem}form{display:grid;gap:.75rem}
label{display:grid;gap:.25rem;font-weight:600}input{font:inherit;padding:.5rem;border-radius:.4rem;border:1px solid #888}
button{font:inherit;font-weight:600;padding:.6rem;border-radius:.4rem;border:0;background:#1d4ed8;color:#fff;cursor:pointer}
button:focus-visible,input:focus-visible{outline:2px solid #60a5fa;outline-offset:2px}
.problem{color:#b91c1c;font-weight:600}@media (prefers-color-scheme:dark){.problem{color:#fca5a5}}
.note{font-size:.9rem}`

const shell = (title: string, body: string) => `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>${title} · Sandbox checkout</title>
<style>${STYLE}</style></head><body><main><h1>${title}</h1>${body}</main></body></html>`

const problemOf = (problem: string | undefined) =>
  problem ? `<p class="problem" role="alert">${escapeHtml(problem)}</p>` : ''

/**
 * The sandbox provider's checkout page (apps/cloud/README.md#on-ramp) for an order's state: the card form, the
 * bank's confirmation, then the result. Plain forms, no script: it works under any Content-Security-Policy.
 */
export function checkoutPage({ order, problem }: CheckoutState): string {
  const id = escapeHtml(order.id)
  const currency = escapeHtml(order.paymentCurrency)
  const bought = `${formatUnits(BigInt(order.purchaseUnits ?? 0), purchaseDecimals(order.purchaseCurrency))} ${escapeHtml(order.purchaseCurrency)}`
  const to = escapeHtml(order.address)
  switch (order.status) {
    case 'pending':
    case 'declined': {
      const amount = order.paymentCents === null ? '' : (order.paymentCents / 100).toFixed(2)
      return shell(
        'Pay with card',
        `<p>Buying ${escapeHtml(order.purchaseCurrency)} for <code>${to}</code>.</p>${problemOf(problem)}
<form method="post" action="${ONRAMP_CHECKOUT_PATH}"><input type="hidden" name="orderId" value="${id}">
<label>Amount (${currency})<input name="amount" inputmode="decimal" required value="${amount}"></label>
<label>Card number<input name="card" inputmode="numeric" autocomplete="cc-number" required></label>
<label>Expiry (MM/YY)<input name="expiry" autocomplete="cc-exp" required></label>
<label>CVC<input name="cvc" inputmode="numeric" autocomplete="cc-csc" required></label>
<button type="submit">Pay</button></form>
<p class="note">Sandbox: card ${ONRAMP_TEST_CARDS.succeeds} is paid, ${ONRAMP_TEST_CARDS.declined} is declined; any future expiry and any CVC.</p>`,
      )
    }
    case 'confirming':
      return shell(
        'Confirm with your bank',
        `<p>Your bank asks you to confirm the payment of ${((order.paymentCents ?? 0) / 100).toFixed(2)} ${currency}.</p>${problemOf(problem)}
<form method="post" action="${CHECKOUT_CONFIRM_PATH}"><input type="hidden" name="orderId" value="${id}">
<label>Confirmation code<input name="code" inputmode="numeric" autocomplete="one-time-code" required></label>
<button type="submit">Confirm</button></form>
<p class="note">Sandbox: the code is ${ONRAMP_TEST_CONFIRMATION_CODE}.</p>`,
      )
    case 'completed':
      return shell(
        'Payment complete',
        `<p role="status">${bought} was sent to <code>${to}</code>. You can close this window.</p>`,
      )
    case 'processing':
      return shell('Processing', `<p role="status">Sending ${bought} to <code>${to}</code>.</p>`)
    default:
      return shell('Payment failed', problemOf(problem) || '<p role="alert">This order cannot be paid.</p>')
  }
}
