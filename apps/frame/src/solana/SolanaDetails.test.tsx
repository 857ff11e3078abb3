import { address } from '@solana/kit'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { MINT, memo, RECEIVER, solTransfer, wireOf } from '../testing/solanaTransactions'
import { ApprovalView } from '../ui/ApprovalView'
import { SOLANA_TEXTS } from './approvalText'
import { decodeTransaction } from './decode'
import type { ShownTransaction, SolanaApproval } from './handler'
import { solanaNetwork } from './networks'
import type { OnNetwork } from './onNetwork'

const WALLET = address('AsHLaGX13Uep5FJj5kTmHLogoFXDhnRHpp1w1jAZnCaV')
const network = solanaNetwork('EtWTRABZaYq6iMfeYKouRu166VU2xqa1', {
  cloudUrl: 'http://c.test',
  projectId: 'p',
})
const shown = (wire: string, onNetwork: OnNetwork = 'sent'): ShownTransaction => ({
  ...decodeTransaction(wire),
  onNetwork,
})
const render = (request: SolanaApproval) =>
  renderToStaticMarkup(
    <ApprovalView request={request} site="Pass (https://pass.example)" answer={() => {}} />,
  )

describe('the approval screen on Solana', () => {
  it('a send: its title, the network, the transfer, the fee; Approve waits for the box to be read', () => {
    const transactions = [shown(wireOf(WALLET, [solTransfer(WALLET, 250_000_000n)]))]
    const html = render({ method: 'solana_signAndSendTransaction', network, signer: WALLET, transactions })
    expect(html).toContain('Send transaction')
    expect(html).toContain('asks your wallet to send on Solana Devnet.')
    expect(html).toContain(`Send 0.25 SOL to ${RECEIVER}`)
    expect(html).toContain('0.000005 SOL')
    expect(html).toContain('aria-label="Transaction"')
    expect(html).toMatch(/<button type="button" class="primary"[^>]*disabled=""/)
  })

  it('what it cannot read, it says plainly', () => {
    const transactions = [shown(wireOf(WALLET, [memo('x')]))]
    const html = render({ method: 'solana_signTransaction', network, signer: WALLET, transactions })
    expect(html).toContain('Sign transaction')
    expect(html).toContain(SOLANA_TEXTS.notDecodedWarning.replaceAll("'", '&#x27;'))
  })

  it('lookup tables it could not read: the screen says so, with the warning', () => {
    const wire = wireOf(WALLET, [solTransfer(WALLET, 1n)], { [MINT]: [RECEIVER] })
    const html = render({
      method: 'solana_signTransaction',
      network,
      signer: WALLET,
      transactions: [shown(wire)],
    })
    expect(html).toContain(SOLANA_TEXTS.lookupTablesUnreadable)
    expect(html).toContain(SOLANA_TEXTS.notDecodedWarning.replaceAll("'", '&#x27;'))
    expect(html).not.toContain(RECEIVER)
  })

  it('a signed transaction whose blockhash the network does not know: the network is not named as fact', () => {
    const transactions = [shown(wireOf(WALLET, [solTransfer(WALLET, 1n)]), 'blockhashUnknown')]
    const html = render({ method: 'solana_signTransaction', network, signer: WALLET, transactions })
    expect(html).toContain('asks your wallet to sign a transaction; the site may send it later.')
    expect(html).toContain(SOLANA_TEXTS.blockhashUnknown('Solana Devnet').replaceAll("'", '&#x27;'))
  })

  it('a message: shown as text, no network claimed', () => {
    const message = new TextEncoder().encode('Sign in to Pass')
    const html = render({ method: 'solana_signMessage', network, signer: WALLET, message })
    expect(html).toContain('Signature request')
    expect(html).toContain('Sign in to Pass')
    expect(html).toContain('its signature is valid on any network.')
    expect(html).not.toContain('Solana Devnet')
  })
})
