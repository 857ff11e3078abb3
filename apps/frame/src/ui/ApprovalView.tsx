import { useEffect, useRef, useState } from 'react'
import { networkName } from '../networks'
import type { ApprovalRequest } from '../rpcHandler'
import { SMART_ACCOUNT_TEXTS } from '../smartAccount/config'
import { SOLANA_TITLES, solanaAsking } from '../solana/approvalText'
import { isSolanaMethod } from '../solana/methods'
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
  ...SOLANA_TITLES,
  initSmartAccount: SMART_ACCOUNT_TEXTS.initTitle,
}

/** The requests whose message (on Solana every transaction, for a batch its calls) RequestDetails shows in a ScrollBox. */
const SIGNED_MESSAGES: ReadonlySet<ApprovalRequest['method']> = new Set([
  'personal_sign',
  'eth_signTypedData_v4',
])
const readInBox = (method: ApprovalRequest['method']) =>
  SIGNED_MESSAGES.has(method) || isSolanaMethod(method) || method === 'wallet_sendCalls'

/** What the site asks, in words: it rests on the request's method. */
function asking(request: ApprovalRequest): string {
  if ('network' in request) return solanaAsking(request)
  const network = networkName(request.chainId)
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
    case 'initSmartAccount':
      return `asks to make your address a smart account on ${network}.`
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
  /** A message to sign shows in its box: Approve waits until all of it has been on screen (ScrollBox). */
  const [read, setRead] = useState(() => !readInBox(request.method))
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
        <strong>{site}</strong> {asking(request)}
      </p>
      <GateNotice gate={gate} confirming={confirming} />
      <RequestDetails request={request} site={site} onRead={() => setRead(true)} />
      <div className="actions">
        <button type="button" className="secondary" onClick={() => reply(false)}>
          Reject
        </button>
        <button
          type="button"
          className="primary"
          {...approve}
          disabled={approve.disabled || answered || !read}
        >
          {confirming ? 'Confirm' : 'Approve'}
        </button>
      </div>
    </main>
  )
}
