const REJECTION_MARKERS = ['user rejected', 'connection request reset'] as const
const USER_REJECTED_CODE = 4001

/**
 * docs/behaviour.md#connecting: a message containing 'user rejected' or 'connection request reset' counts as the
 * user rejecting. EIP-1193 code 4001 is the same thing said by number, anywhere in the cause chain.
 */
export function isUserRejection(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 8; depth++) {
    if (typeof current !== 'object') return matchesMarker(String(current))
    const { code, rpcCode, message, shortMessage, cause } = current as Record<string, unknown>
    // `rpcCode`: the EIP-1193 code of a ModalError, whose `code` is its catalogue's name.
    if (code === USER_REJECTED_CODE || rpcCode === USER_REJECTED_CODE) return true
    if (typeof message === 'string' && matchesMarker(message)) return true
    if (typeof shortMessage === 'string' && matchesMarker(shortMessage)) return true
    current = cause
  }
  return false
}

function matchesMarker(text: string): boolean {
  const lower = text.toLowerCase()
  return REJECTION_MARKERS.some((marker) => lower.includes(marker))
}
