import { useEffect, useState } from 'react'
import type { Hex } from 'viem'
import { KeyCopy } from '../ui/KeyCopy'
import { exportSolanaKey } from './keys'

/** The export screen's names for the Solana key: none contains the EVM key's ("Private key", "Copy key"). */
export const SOLANA_EXPORT_TEXTS = {
  label: 'Solana secret key',
  copy: 'Copy Solana key',
  about: (address: string) =>
    `The same wallet on Solana (${address}), derived from the key above: wallets such as Phantom import it in this form.`,
} as const

/** The wallet's Solana key beside the EVM one on the export screen, with its own Copy. */
export function SolanaKeyExport({ secret }: { secret: Hex }) {
  const [exported, setExported] = useState<{ address: string; secretKey: string }>()
  useEffect(() => {
    let current = true
    void exportSolanaKey(secret).then((key) => current && setExported(key))
    return () => {
      current = false
    }
  }, [secret])
  if (!exported) return null
  return (
    <>
      <label htmlFor="export-solana-key">{SOLANA_EXPORT_TEXTS.label}</label>
      <textarea id="export-solana-key" className="key" readOnly value={exported.secretKey} rows={3} />
      <p>{SOLANA_EXPORT_TEXTS.about(exported.address)}</p>
      <KeyCopy secret={exported.secretKey} label={SOLANA_EXPORT_TEXTS.copy} />
    </>
  )
}
