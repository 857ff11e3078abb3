import { createConnection } from 'node:net'
import type { MailboxMessage } from '@allaccess/protocol'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Mailer } from '../mail/index.js'
import { startTestCloud, type TestCloud } from '../test-support/cloud.js'
import { DevMailbox, MAILBOX_MAX_MESSAGE_BYTES } from './mailbox.js'
import { MAILBOX_KEY_MESSAGE } from './routes.js'

let cloud: TestCloud
let mailer: Mailer

beforeAll(async () => {
  cloud = await startTestCloud()
  mailer = new Mailer((cloud.services.mailbox as DevMailbox).smtpUrl, 'Test <test@example.com>')
})
afterAll(async () => {
  mailer?.close()
  await cloud?.close()
})

/** The mailbox's key, as in the link the cloud prints. */
const key = () => new URL(cloud.mailboxUrl ?? '').searchParams.get('key') ?? ''

const messages = async (to?: string) => {
  const query = new URLSearchParams({ key: key(), ...(to ? { to } : {}) })
  const response = await cloud.get(`/mailbox/messages?${query}`)
  return ((await response.json()) as { messages: MailboxMessage[] }).messages
}

/** Talks SMTP by hand: the server's last reply line. */
function rawSmtp(url: string, lines: string[]): Promise<string> {
  const { hostname, port } = new URL(url)
  return new Promise((resolve, reject) => {
    const socket = createConnection({ host: hostname, port: Number(port) })
    let received = ''
    let step = 0
    socket.on('data', (chunk) => {
      received += chunk
      if (!received.endsWith('\r\n')) return
      const last = received.trim().split('\r\n').at(-1) ?? ''
      received = ''
      if (step < lines.length) socket.write(`${lines[step++]}\r\n`)
      else {
        socket.end('QUIT\r\n')
        resolve(last)
      }
    })
    socket.on('error', reject)
  })
}

describe('the development mailbox', () => {
  it('keeps what the cloud sends over SMTP, newest first, by recipient, with an inbox page', async () => {
    await mailer.send({
      to: 'Ann@Example.com',
      subject: 'First',
      text: 'one https://x.example/a?b=1',
      html: '<p>one</p>',
    })
    await mailer.send({ to: 'bob@example.com', subject: 'Second <b>', text: 'two', html: '<p>two</p>' })
    const all = await messages()
    expect(all.map((m) => m.subject)).toEqual(['Second <b>', 'First'])
    const [ann] = await messages('ANN@example.com')
    expect(ann).toMatchObject({ to: ['ann@example.com'], subject: 'First', html: '<p>one</p>' })
    expect(ann?.text.trim()).toBe('one https://x.example/a?b=1')
    expect(Date.parse(ann?.date ?? '')).toBeGreaterThan(Date.now() - 60_000)

    const page = await cloud.get(`/mailbox?key=${key()}`)
    expect(page.headers.get('content-type')).toMatch(/^text\/html/)
    const html = await page.text()
    expect(html).toContain('<html lang="en">')
    expect(html).toContain('<h1>Mailbox (development)</h1>')
    expect(html).toContain('<ol aria-label="E-mails">')
    expect(html).toContain('Second &#60;b&#62;')
    expect(html).not.toContain('Second <b>')
    expect(html).toContain('<a href="https://x.example/a?b=1">')
    expect(html).toContain(`<a href="/mailbox?key=${key()}">Refresh</a>`)
  })

  it('answers only with its key or the admin token', async () => {
    expect(cloud.mailboxUrl).toBe(`${cloud.url}/mailbox?key=${key()}`)
    expect(key()).toMatch(/^[\w-]{43}$/)
    expect(key()).not.toBe(cloud.adminToken)
    const refused = { code: 'unauthorized', message: MAILBOX_KEY_MESSAGE }
    for (const path of [
      '/mailbox',
      '/mailbox/messages',
      '/mailbox/messages?key=wrong',
      `/mailbox?key=${cloud.adminToken}`,
    ]) {
      const response = await cloud.get(path)
      expect(response.status, path).toBe(401)
      expect(await response.json(), path).toEqual(refused)
    }
    for (const bearer of [cloud.adminToken, key()]) {
      const response = await cloud.get('/mailbox/messages', {
        headers: { authorization: `Bearer ${bearer}` },
      })
      expect(response.status).toBe(200)
    }
  })

  it('is bounded: the last N messages, none over MAILBOX_MAX_MESSAGE_BYTES', async () => {
    const mailbox = await DevMailbox.start('127.0.0.1', 0, { maxMessages: 5 })
    const sender = new Mailer(mailbox.smtpUrl, 'Test <test@example.com>')
    try {
      for (let i = 0; i < 8; i++)
        await sender.send({ to: 'many@example.com', subject: `n${i}`, text: 'x', html: 'x' })
      const kept = mailbox.list()
      expect(kept.map((m) => m.subject)).toEqual(['n7', 'n6', 'n5', 'n4', 'n3'])
      const big = 'a'.repeat(MAILBOX_MAX_MESSAGE_BYTES + 10)
      await expect(
        sender.send({ to: 'big@example.com', subject: 'big', text: big, html: big }),
      ).rejects.toThrow()
      expect(mailbox.list('big@example.com')).toHaveLength(0)
      // No relaying and no log-in: it only collects.
      expect(await rawSmtp(mailbox.smtpUrl, ['EHLO test', 'AUTH PLAIN AGJvYgBzZWNyZXQ='])).toMatch(/^5\d\d /)
    } finally {
      sender.close()
      await mailbox.close()
    }
  })

  it('a second mailbox on a taken port fails to start', async () => {
    const port = Number(new URL((cloud.services.mailbox as DevMailbox).smtpUrl).port)
    await expect(DevMailbox.start('127.0.0.1', port)).rejects.toMatchObject({ code: 'EADDRINUSE' })
  })
})
