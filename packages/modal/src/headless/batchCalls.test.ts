import { describe, expect, it } from 'vitest'
import { mockModal } from '../testing/mockModal'
import { createBatchCalls } from './batchCalls'

// The behaviour (docs/paymaster.md#sites) on the real wallet and bundler: chains/evm/sendCalls.test.ts and
// e2e/tests/smart-batch.spec.ts; here, the headless entry's own part.

const MINT = [{ to: '0x5FbDB2315678afecb367f032d93F642f64180aa3', data: '0x1249c58b' }]

describe('createBatchCalls', () => {
  it('refuses by name before a wallet is connected', async () => {
    const { modal } = mockModal()
    await expect(createBatchCalls(modal).send(MINT)).rejects.toMatchObject({
      name: 'BatchError',
      code: 'notConnected',
      text: 'Connect a wallet to send the calls',
    })
  })

  it('a wallet that batches nothing on the network: no batch, none sponsored, and a send refused by name', async () => {
    // wagmi's mock wallet names capabilities on Base chains only, none on the devnet.
    const { modal } = mockModal()
    await modal.connect('mock')
    const batches = createBatchCalls(modal)
    expect(await batches.ability()).toEqual({ atomic: false, paymaster: false, sponsored: false })
    await expect(batches.send(MINT, { sponsored: true })).rejects.toMatchObject({
      code: 'noAtomicBatches',
      text: 'The connected wallet can’t send these calls as one batch',
    })
  })
})
