import type { ReactNode } from 'react'
import type { Hex } from 'viem'
import { nativeAmount, networkName } from '../networks'
import { UNLIMITED_ALLOWANCE } from '../permissions'
import type { ApprovalRequest } from '../rpcHandler'
import { OperationDetails } from '../smartAccount/OperationDetails'
import { SolanaDetails } from '../solana/SolanaDetails'
import { saltChainOf, type TypedData } from '../typedData'
import { CALL_WARNINGS, type CallWords, describeCall, feeText } from './callText'
import { describePermission, feeBudgetText, untilText } from './permissionText'
import { readable } from './readable'
import { READ_CALLS_TO_END_TEXT, ScrollBox } from './ScrollBox'
import { typedFields } from './typedFields'

function Warning({ words }: { words: CallWords }) {
  return words.warning ? <strong className="warning">{words.warning}</strong> : null
}

/** EIP-712 data: who it is for (the domain), what it is (the primary type), then the message itself. */
/** The network a typed-data domain binds its signature to: its `chainId`, else a chain id in its `salt`. */
function domainNetwork(domain: TypedData['domain']): string {
  if (domain.chainId !== undefined) return networkName(Number(domain.chainId))
  const salted = saltChainOf(domain)
  return salted === undefined
    ? 'Not named: valid on any network'
    : `${networkName(Number(salted))} (named in its salt)`
}

function TypedDataDetails({ data, onRead }: { data: TypedData; onRead(): void }) {
  const { name, version, verifyingContract } = data.domain
  const value = data.message.value
  const unlimited =
    data.primaryType === 'Permit' &&
    (typeof value === 'string' || typeof value === 'number') &&
    /^\d+$/.test(String(value)) &&
    BigInt(value) >= UNLIMITED_ALLOWANCE
  return (
    <>
      <dl>
        <dt>Type</dt>
        <dd>{data.primaryType}</dd>
        <dt>For</dt>
        <dd>{name ? `${name}${version ? ` (version ${version})` : ''}` : 'No name given'}</dd>
        <dt>Network</dt>
        <dd>{domainNetwork(data.domain)}</dd>
        <dt>Contract</dt>
        <dd className="address">{verifyingContract ?? 'Not named'}</dd>
      </dl>
      {unlimited && <strong className="warning">{CALL_WARNINGS.unlimited}</strong>}
      <h2>Message</h2>
      <ScrollBox label="Message" onRead={onRead}>
        <dl className="fields">
          {typedFields(data.message).map((field, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the fields are a fixed list in their order.
            <div key={index} className="field" style={{ paddingInlineStart: `${field.depth}em` }}>
              <dt>{field.label}</dt>
              {field.value !== null && <dd>{field.value}</dd>}
            </div>
          ))}
        </dl>
      </ScrollBox>
    </>
  )
}

/** What the request asks, in words: the message, the typed data, each call decoded, or the grant's limits. */
export function RequestDetails({
  request,
  site,
  onRead,
}: {
  request: ApprovalRequest
  /** Who asks: named as the payer of a fee the project's paymaster covers. */
  site: string
  /** A message's box has been read to its end (Approve waits for it). */
  onRead(): void
}): ReactNode {
  switch (request.method) {
    case 'personal_sign':
      return (
        <>
          <h2>Message</h2>
          <ScrollBox label="Message" onRead={onRead}>
            {readable(request.params[0] as Hex)}
          </ScrollBox>
        </>
      )
    case 'eth_signTypedData_v4':
      return <TypedDataDetails data={request.params[1] as TypedData} onRead={onRead} />
    case 'eth_sendTransaction': {
      const [transaction] = request.params
      const words = describeCall(transaction, request.chainId, request.account)
      return (
        <>
          <p className="action">{words.action}</p>
          <Warning words={words} />
          <dl>
            <dt>Amount</dt>
            <dd>{nativeAmount(BigInt(transaction.value ?? 0), request.chainId)}</dd>
            <dt>Network fee</dt>
            <dd>{feeText(request.fee, request.chainId)}</dd>
          </dl>
        </>
      )
    }
    case 'wallet_sendCalls':
      // In a box read to its end: a batch with a smart account's delegation and sponsor can outgrow the frame.
      return (
        <ScrollBox label="Calls" hint={READ_CALLS_TO_END_TEXT} onRead={onRead}>
          <ol className="calls">
            {request.params[0].calls.map((call, index) => {
              const words = describeCall(call, request.chainId, request.account)
              return (
                // biome-ignore lint/suspicious/noArrayIndexKey: the calls are a fixed list in their order.
                <li key={index}>
                  {words.action}
                  {BigInt(call.value ?? 0) > 0n &&
                    `, paying ${nativeAmount(BigInt(call.value ?? 0), request.chainId)}`}{' '}
                  <Warning words={words} />
                </li>
              )
            })}
          </ol>
          {request.operation ? (
            <OperationDetails operation={request.operation} chainId={request.chainId} site={site} batch />
          ) : (
            <dl>
              <dt>Network fee</dt>
              <dd>{feeText(request.fee, request.chainId)}</dd>
            </dl>
          )}
        </ScrollBox>
      )
    case 'solana_signMessage':
    case 'solana_signTransaction':
    case 'solana_signAllTransactions':
    case 'solana_signAndSendTransaction':
      return <SolanaDetails request={request} onRead={onRead} />
    case 'initSmartAccount':
      return (
        <OperationDetails operation={request.prepared} chainId={request.chainId} site={site} batch={false} />
      )
    case 'wallet_grantPermissions':
    case 'wallet_revokePermissions':
      return (
        <>
          <ul className="calls">
            {request.grant.permissions.map((permission, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the permissions are a fixed list in their order.
              <li key={index}>
                {describePermission(
                  permission,
                  request.chainId,
                  request.method === 'wallet_revokePermissions',
                )}
              </li>
            ))}
          </ul>
          <p>
            {feeBudgetText(request.grant, request.chainId, request.method === 'wallet_revokePermissions')}
          </p>
          <p>{untilText(request.grant.expiry)}</p>
        </>
      )
  }
}
