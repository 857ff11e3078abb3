import { useEffect, useRef, useState } from 'react'
import { networkName } from '../networks'
import type { ApprovalRequest } from '../rpcHandler'
import { GateNotice } from './GateNotice'
import { RequestDetails } from './RequestDetails'
import { useApprovalGate, useGatedPress } from './useApprovalGate'

const TITLES: Record<ApprovalRequest['method'], string> = {
  personal_sign: 'Signature request',
  eth_signTypedData_v4: 'Signature request',
  eth_sendTransaction: 'Send transaction',
  wallet_sendCalls: 'Send transactions',
  wallet_grantPermissions: 'Grant permissions',
  wallet_revokePermissions: 'Revoke permissions',
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
      <header className="title-row">
        <h1 id="approval-title" ref={headingRef} tabIndex={-1}>
          {TITLES[request.method]}
        </h1>
        {/* Closing is turning it down: the same answer as Reject. */}
        <button
          type="button"
          className="close"
          aria-label="Close"
          title="Close: rejects the request"
          onClick={() => reply(false)}
        >
          ×
        </button>
      </header>
      <p className="site">
        <strong>{site}</strong> {asking(request, networkName(request.chainId))}
      </p>
      <GateNotice gate={gate} confirming={confirming} />
      <RequestDetails request={request} />
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
