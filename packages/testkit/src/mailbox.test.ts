import { type DevMailbox, Mailer, type RunningCloud, startCloud } from '@allaccess/cloud'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MailboxTimeoutError, readMailbox, waitForCode, waitForLink } from './mailbox'

let cloud: RunningCloud
let mailer: Mailer
let mailboxUrl: string

beforeAll(async () => {
  cloud = await startCloud({ port: 0, dataDir: 'memory://', env: { LOG_LEVEL: 'silent', INDEXER: '0' } })
  mailer = new Mailer((cloud.services.mailbox as DevMailbox).smtpUrl, 'Test <test@example.com>')
  mailboxUrl = cloud.mailboxUrl ?? ''
})
afterAll(async () => {
  mailer?.close()
  await cloud?.close()
})

const send = (to: string, text: string) => mailer.send({ to, subject: 'Your sign-in code', text, html: text })

describe('the mailbox reader', () => {
  it('waits for the code of the newest e-mail to an address, only after `after`', async () => {
    await send('reader@example.com', 'Your code: 111111')
    // The mailbox stamps the time in milliseconds: `after` must not fall in the first e-mail's own millisecond.
    await new Promise((resolve) => setTimeout(resolve, 5))
    const after = Date.now()
    const code = waitForCode(mailboxUrl, 'Reader@Example.com', { after, timeoutMs: 5000 })
    await new Promise((resolve) => setTimeout(resolve, 300))
    await send('other@example.com', 'Your code: 333333')
    await send('reader@example.com', 'Your code: 222222')
    expect(await code).toBe('222222')
    expect((await readMailbox(mailboxUrl, 'reader@example.com')).map((m) => m.text.trim())).toEqual([
      'Your code: 222222',
      'Your code: 111111',
    ])
  })

  it('finds the link of an e-mail', async () => {
    const after = Date.now()
    await send(
      'link@example.com',
      'Approve: http://127.0.0.1:1/v1/embedded/device/approve?token=abc_-1 (once)',
    )
    expect(await waitForLink(mailboxUrl, 'link@example.com', { after })).toBe(
      'http://127.0.0.1:1/v1/embedded/device/approve?token=abc_-1',
    )
  })

  it('gives up after its time-out, and fails on a URL that is no mailbox', async () => {
    const started = Date.now()
    await expect(
      waitForCode(mailboxUrl, 'nobody@example.com', { timeoutMs: 300, pollMs: 50 }),
    ).rejects.toBeInstanceOf(MailboxTimeoutError)
    expect(Date.now() - started).toBeLessThan(3000)
    await expect(readMailbox(`${cloud.url}/nope`, 'a@b.co')).rejects.toThrow(/HTTP 404/)
  })
})
