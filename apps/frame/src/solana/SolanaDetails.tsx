import { bytesToHex, type Hex } from 'viem'
import { readable } from '../ui/readable'
import { ScrollBox } from '../ui/ScrollBox'
import { describeSolanaTransaction } from './approvalText'
import type { SolanaApproval } from './handler'
import { solAmount } from './networks'

/**
 * A Solana request on the approval screen: the message, or each transaction's instructions in words with its fee,
 * all in a box read to its end before Approve (several transactions can be long; the screen itself never scrolls).
 */
export function SolanaDetails({ request, onRead }: { request: SolanaApproval; onRead(): void }) {
  if (request.method === 'solana_signMessage')
    return (
      <>
        <h2>Message</h2>
        <ScrollBox label="Message" onRead={onRead}>
          {readable(bytesToHex(request.message) as Hex)}
        </ScrollBox>
      </>
    )
  const many = request.transactions.length > 1
  return (
    <>
      <p className="address">Account {request.signer}</p>
      <h2>{many ? `${request.transactions.length} transactions` : 'Transaction'}</h2>
      <ScrollBox label={many ? 'Transactions' : 'Transaction'} onRead={onRead}>
        <ol className="calls">
          {request.transactions.map((transaction, index) => {
            const words = describeSolanaTransaction(transaction, request.signer, request.network.name)
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: the transactions are a fixed list in their order.
              <li key={index}>
                {many && <h3>Transaction {index + 1}</h3>}
                <ul>
                  {words.actions.map((action, at) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: the instructions are a fixed list in their order.
                    <li key={at}>{action}</li>
                  ))}
                </ul>
                {words.warning && <strong className="warning">{words.warning}</strong>}
                {words.notes.map((note) => (
                  <p key={note}>{note}</p>
                ))}
                <dl>
                  <dt>Network fee</dt>
                  <dd>{solAmount(transaction.fee)}</dd>
                </dl>
              </li>
            )
          })}
        </ol>
      </ScrollBox>
    </>
  )
}
