import { type ApprovalGate, GATE_TEXTS } from './useApprovalGate'

/** Why Approve is shut: a frame too small for the whole request, or (without IntersectionObserver v2) the confirmation. */
export function GateNotice({ gate, confirming }: { gate: ApprovalGate; confirming: boolean }) {
  const text = gate.reason === 'tooSmall' ? GATE_TEXTS.tooSmall : confirming ? GATE_TEXTS.confirm : undefined
  return text ? (
    <p className="gate" role="status">
      {text}
    </p>
  ) : null
}
