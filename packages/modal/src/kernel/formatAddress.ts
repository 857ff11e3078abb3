/** `0x1234…cdef`: enough of both ends to recognise an address at a glance. */
export function formatAddress(address: string, visible = 4): string {
  const hasPrefix = address.startsWith('0x')
  const head = hasPrefix ? visible + 2 : visible
  if (address.length <= head + visible + 1) return address
  return `${address.slice(0, head)}…${address.slice(-visible)}`
}
