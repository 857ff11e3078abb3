import { escapeHtml } from '../http/html.js'
import type { Mail } from '../mail/index.js'
import { CODE_TTL_MS, DEVICE_APPROVAL_TTL_MS } from './limits.js'

/** What a code is for; each has its own e-mail. */
export type CodePurpose = 'sign-in' | 'update-primary' | 'update-secondary' | 'reauth'

const minutes = (ms: number) => `${Math.round(ms / 60_000)} minutes`

/** Subjects name what the code is for, never the code itself (subject lines show in notifications). */
const CODE_MAIL: Record<CodePurpose, { subject: string; lead: string }> = {
  'sign-in': { subject: 'Your sign-in code', lead: 'Use this code to sign in to your wallet:' },
  'update-primary': {
    subject: 'Confirm your e-mail change',
    lead: 'Someone asked to change the e-mail address of your wallet. If it was you, enter this code:',
  },
  'update-secondary': {
    subject: 'Confirm your new e-mail address',
    lead: 'Enter this code to make this the e-mail address of your wallet:',
  },
  reauth: {
    subject: 'Confirm it is you',
    lead: 'Use this code to confirm it is you (for example before showing your private key):',
  },
}

function mail(to: string, subject: string, paragraphs: string[], htmlParagraphs: string[]): Mail {
  return {
    to,
    subject,
    text: `${paragraphs.join('\n\n')}\n`,
    html: `<!doctype html><html lang="en"><body style="font-family:system-ui,sans-serif">${htmlParagraphs.map((p) => `<p>${p}</p>`).join('')}</body></html>`,
  }
}

const IGNORE = 'If you did not ask for this, ignore this e-mail: nothing changes.'

export function codeMail(to: string, purpose: CodePurpose, code: string): Mail {
  const { subject, lead } = CODE_MAIL[purpose]
  const validity = `The code is valid for ${minutes(CODE_TTL_MS)}.`
  return mail(
    to,
    subject,
    [lead, code, validity, IGNORE],
    [
      escapeHtml(lead),
      `<strong style="font-size:1.5em;letter-spacing:.2em">${code}</strong>`,
      validity,
      escapeHtml(IGNORE),
    ],
  )
}

export function approvalMail(to: string, link: string): Mail {
  const lead = 'Someone is signing in to your wallet from a new device. If it is you, approve the device:'
  const validity = `The link works once, for ${minutes(DEVICE_APPROVAL_TTL_MS)}. Once you approve it, the device signs in by itself.`
  return mail(
    to,
    'Approve your new device',
    [lead, link, validity, IGNORE],
    [escapeHtml(lead), `<a href="${escapeHtml(link)}">Approve this device</a>`, validity, escapeHtml(IGNORE)],
  )
}

/**
 * To an address someone asked to move a wallet to while it already has an account: the only place that says it is
 * taken (the request's answers are the same either way, so they tell no one which addresses are users).
 */
export function addressTakenMail(to: string): Mail {
  const lead =
    'Someone asked to make this the e-mail address of another wallet. This address already has a wallet, so nothing changed and no code was sent.'
  return mail(to, 'This address already has a wallet', [lead, IGNORE], [escapeHtml(lead), escapeHtml(IGNORE)])
}

/**
 * To the wallet's address when a new device asked to recover it without another device's approval: the user's
 * chance to refuse it from a device that holds the wallet before `recoverAt`.
 */
export function recoveryMail(to: string, device: string, recoverAt: number): Mail {
  const when = `${new Date(recoverAt).toISOString().slice(0, 16).replace('T', ' ')} UTC`
  const lead = `A device (${device}) signed in to your wallet and asked to recover it without the approval of a device you already use. It gets your wallet's key at ${when}.`
  const act =
    'If it was not you, open the app on a device where you are signed in to this wallet and refuse the device there before then.'
  return mail(to, 'A device asked to recover your wallet', [lead, act], [escapeHtml(lead), escapeHtml(act)])
}
