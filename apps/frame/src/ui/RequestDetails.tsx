import type { ReactNode } from 'react'
import { type Hex, hexToString } from 'viem'
import { nativeAmount, networkName } from '../networks'
import { UNLIMITED_ALLOWANCE } from '../permissions'
import type { ApprovalRequest } from '../rpcHandler'
import { saltChainOf, type TypedData } from '../typedData'
import { CALL_WARNINGS, type CallWords, describeCall, feeText } from './callText'
import { describePermission, feeBudgetText, untilText } from './permissionText'
import { typedFields } from './typedFields'

/** A message to sign, as text when it is printable UTF-8, else as hex. */
function readable(data: Hex): string {
  try {
    const text = hexToString(data)
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what makes a message unreadable.
    if (!/[\u0000-\u0008\u000e-\u001f\ufffd]/.test(text)) return text
  } catch {}
  return data
}

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

function TypedDataDetails({ data }: { data: TypedData }) {
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
      <dl className="message fields">
        {typedFields(data.message).map((field, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the fields are a fixed list in their order.
          <div key={index} className="field" style={{ paddingInlineStart: `${field.depth}em` }}>
            <dt>{field.label}</dt>
            {field.value !== null && <dd>{field.value}</dd>}
          </div>
        ))}
      </dl>
    </>
  )
}

/** What the request asks, in words: the message, the typed data, each call decoded, or the grant's limits. */
export function RequestDetails({ request }: { request: ApprovalRequest }): ReactNode {
  switch (request.method) {
    case 'personal_sign':
      return (
        <>
          <h2>Message</h2>
          <pre className="message">{readable(request.params[0] as Hex)}</pre>
        </>
      )
    case 'eth_signTypedData_v4':
      return <TypedDataDetails data={request.params[1] as TypedData} />
    case 'eth_sendTransaction': {
      const [transaction] = request.params
      const words = describeCall(transaction, request.chainId)
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
      return (
        <>
          <ol className="calls">
            {request.params[0].calls.map((call, index) => {
              const words = describeCall(call, request.chainId)
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
          <dl>
            <dt>Network fee</dt>
            <dd>{feeText(request.fee, request.chainId)}</dd>
          </dl>
        </>
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
