import { EMBEDDED_TEXTS } from '@allaccess/protocol'
import { escapeHtml, messagePage } from '../http/html.js'
import type { ApprovalRequest } from './approvals.js'
import { describeNetwork, describeUserAgent } from './device-description.js'

/** The approval page's rows about the device that asked (docs/embedded-wallet.md#sign-in). */
export const APPROVAL_LABELS = {
  device: 'Device',
  browser: 'Browser',
  place: 'Place',
  time: 'Asked at',
} as const

/** The question the link's page asks: which device, browser, place and time, then the Approve button. */
export function approvalPage(token: string, request: ApprovalRequest): string {
  const { device, browser } = describeUserAgent(request.userAgent)
  const rows: [string, string][] = [
    [APPROVAL_LABELS.device, device],
    [APPROVAL_LABELS.browser, browser],
    [APPROVAL_LABELS.place, describeNetwork(request.clientAddress)],
    [APPROVAL_LABELS.time, `${new Date(request.sentAt).toISOString().slice(0, 16).replace('T', ' ')} UTC`],
  ]
  const details = `<dl>${rows.map(([label, value]) => `<dt>${escapeHtml(label)}</dt><dd>${escapeHtml(value)}</dd>`).join('')}</dl>`
  const form = `<form method="post" action="?token=${encodeURIComponent(token)}"><button type="submit">${escapeHtml(EMBEDDED_TEXTS.approveDeviceButton)}</button></form>`
  return messagePage(EMBEDDED_TEXTS.approveDevice, EMBEDDED_TEXTS.approveDeviceDetail, details + form)
}
