import { type ReactNode, useEffect, useRef, useState } from 'react'
import { type Hex, hexToString } from 'viem'
import { nativeAmount, networkName } from '../networks'
import type { ApprovalRequest } from '../rpcHandler'
import { GateNotice } from './GateNotice'
import { describePermission, feeBudgetText, untilText } from './permissionText'
import { useApprovalGate, useGatedPress } from './useApprovalGate'

const TITLES: Record<ApprovalRequest['method'], string> = {
  personal_sign: 'Signature request',
  eth_signTypedData_v4: 'Signature request',
  eth_sendTransaction: 'Send transaction',
  wallet_sendCalls: 'Send transactions',
  wallet_grantPermissions: 'Grant permissions',
  wallet_revokePermissions: 'Revoke permissions',
}

/** A message to sign, as text when it is printable UTF-8, else as hex. */
function readable(data: Hex): string {
  try {
    const text = hexToString(data)
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what makes a message unreadable.
    if (!/[\u0000-\u0008\u000e-\u001f\ufffd]/.test(text)) return text
  } catch {}
  return data
}

const dataSize = (data: string | undefined) =>
  data && data !== '0x' ? `${(data.length - 2) / 2} bytes` : 'none'

function Details({ request }: { request: ApprovalRequest }): ReactNode {
  switch (request.method) {
    case 'personal_sign':
      return (
        <>
          <h2>Message</h2>
          <pre className="message">{readable(request.params[0] as Hex)}</pre>
        </>
      )
    case 'eth_signTypedData_v4': {
      const typed = request.params[1]
      const parsed = typeof typed === 'string' ? (JSON.parse(typed) as Record<string, unknown>) : typed
      return (
        <>
          <h2>Typed data</h2>
          <pre className="message">{JSON.stringify(parsed.message ?? parsed, null, 2)}</pre>
        </>
      )
    }
    case 'eth_sendTransaction': {
      const [transaction] = request.params
      return (
        <dl>
          <dt>To</dt>
          <dd className="address">{transaction.to ?? 'New contract'}</dd>
          <dt>Amount</dt>
          <dd>{nativeAmount(BigInt(transaction.value ?? 0), request.chainId)}</dd>
          <dt>Data</dt>
          <dd>{dataSize(transaction.data)}</dd>
        </dl>
      )
    }
    case 'wallet_sendCalls':
      return (
        <ol className="calls">
          {request.params[0].calls.map((call, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the calls are a fixed list in their order.
            <li key={index}>
              <span className="address">{call.to}</span>:{' '}
              {nativeAmount(BigInt(call.value ?? 0), request.chainId)}, data {dataSize(call.data)}
            </li>
          ))}
        </ol>
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

/** What the site asks, in words: it rests on the request's method. */
function asking(request: ApprovalRequest, network: string): string {
  switch (request.method) {
    case 'personal_sign':
    case 'eth_signTypedData_v4':
      return `asks your wallet to sign on ${network}.`
    case 'eth_sendTransaction':
    case 'wallet_sendCalls':
      return `asks your wallet to send on ${network}.`
    case 'wallet_grantPermissions':
      return `asks your wallet to let it send on ${network} without asking you each time, within these limits:`
    case 'wallet_revokePermissions':
      return `gives up its permission to send on ${network} without asking you:`
  }
}

/** The frame's own approval screen: drawn here, so the host page can neither draw nor click it for the user. */
export function ApprovalView({
  request,
  site,
  answer,
}: {
  request: ApprovalRequest
  site: string
  answer(approved: boolean): void
}) {
  const rootRef = useRef<HTMLElement>(null)
  const headingRef = useRef<HTMLHeadingElement>(null)
  const gate = useApprovalGate(rootRef)
  const [answered, setAnswered] = useState(false)
  /** Where the browser can't report an overlay, the first Approve asks to confirm, after another full wait. */
  const [confirming, setConfirming] = useState(false)
  useEffect(() => headingRef.current?.focus(), [])
  const reply = (approved: boolean) => {
    if (answered) return
    setAnswered(true)
    answer(approved)
  }
  const approve = useGatedPress(gate, () => {
    if (!gate.needsConfirmation || confirming) return reply(true)
    setConfirming(true)
    gate.restart()
  })
  return (
    <main ref={rootRef} aria-labelledby="approval-title">
      <h1 id="approval-title" ref={headingRef} tabIndex={-1}>
        {TITLES[request.method]}
      </h1>
      <p className="site">
        <strong>{site}</strong> {asking(request, networkName(request.chainId))}
      </p>
      <GateNotice gate={gate} confirming={confirming} />
      <Details request={request} />
      <div className="actions">
        <button type="button" className="secondary" onClick={() => reply(false)}>
          Reject
        </button>
        <button type="button" className="primary" {...approve} disabled={approve.disabled || answered}>
          {confirming ? 'Confirm' : 'Approve'}
        </button>
      </div>
    </main>
  )
}
