import { type Hex, hexToBytes } from 'viem'

/**
 * What makes a text not read as its bytes say: control characters (tab and new lines aside), format characters
 * (bidi overrides and isolates, zero-width ones, the byte order mark), line and paragraph separators, private-use
 * and unassigned code points.
 */
const UNREADABLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Co}\p{Cn}]/u
/** Bytes that are not UTF-8 fail; a leading byte order mark is kept, not dropped unseen. */
const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true })

/** A message to sign, as text when it is printable UTF-8, else as hex. */
export function readable(data: Hex): string {
  try {
    const text = utf8.decode(hexToBytes(data))
    if (!UNREADABLE.test(text.replace(/[\t\n\r]/g, ''))) return text
  } catch {}
  return data
}
