import { feeText } from '../ui/callText'
import { SMART_ACCOUNT_TEXTS } from './config'
import type { PreparedOperation } from './userOperations'

/**
 * What the approval screen adds for an operation of the smart account: that its calls go together, the
 * delegation (EIP-7702) the first one carries, and the fee with who pays it.
 */
export function OperationDetails({
  operation,
  chainId,
  site,
  batch,
}: {
  operation: PreparedOperation
  chainId: number
  site: string
  /** It makes calls (a wallet_sendCalls batch), not only the delegation. */
  batch: boolean
}) {
  const fee = feeText(operation.fee, chainId)
  return (
    <>
      {batch && <p>{SMART_ACCOUNT_TEXTS.atomic}</p>}
      {operation.delegation && (
        <p className="delegation">{SMART_ACCOUNT_TEXTS.delegation(operation.delegation)}</p>
      )}
      <dl>
        <dt>Network fee</dt>
        <dd>{operation.sponsored ? SMART_ACCOUNT_TEXTS.sponsoredFee(fee, site) : fee}</dd>
      </dl>
    </>
  )
}
