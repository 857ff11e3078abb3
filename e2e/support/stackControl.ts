import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Stack } from '../../scripts/stack'

/** Where the test workers reach the global setup's stack (set before they start, so they inherit it). */
const CONTROL_VARIABLE = 'E2E_STACK_CONTROL_URL'

/**
 * The stack lives in the global setup's process; a test that must take a part down (the identity provider, to
 * prove what a visitor sees when it is unreachable) asks this loopback endpoint: POST /oidc/stop, /oidc/resume;
 * one that shows an expired code asks POST /codes/expire?email=…; one that sends another code at once asks
 * POST /codes/end-wait?email=….
 */
export async function serveStackControl(stack: Stack) {
  const actions: Record<string, (query: URLSearchParams) => Promise<void>> = {
    '/oidc/stop': stack.stopOidc,
    '/oidc/resume': stack.resumeOidc,
    '/codes/expire': (query) => stack.expireCodes(query.get('email') ?? ''),
    '/codes/end-wait': (query) => stack.endCodeWait(query.get('email') ?? ''),
  }
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://control')
    const action = request.method === 'POST' ? actions[url.pathname] : undefined
    if (!action) return response.writeHead(404).end()
    action(url.searchParams).then(
      () => response.writeHead(204).end(),
      (error: unknown) => response.writeHead(500).end(String(error)),
    )
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  process.env[CONTROL_VARIABLE] = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return { close: () => new Promise<void>((resolve) => server.close(() => resolve())) }
}

/** From a test: takes the shared stack's identity provider down or brings it back. */
export async function controlOidc(action: 'stop' | 'resume'): Promise<void> {
  const response = await fetch(`${process.env[CONTROL_VARIABLE]}/oidc/${action}`, { method: 'POST' })
  if (!response.ok) throw new Error(`stack control: ${response.status}`)
}

/** From a test: ends the life of the codes sent to `email` in the shared stack's cloud. */
export const expireCodes = (email: string) => controlCodes('expire', email)

/**
 * From a test: ends the wait before the next code e-mail to `email` (the address's 30 s), so a test sends it at
 * once. What the visitor sees during the wait is tested with the wait itself (email-wallet.spec.ts).
 */
export const endCodeWait = (email: string) => controlCodes('end-wait', email)

async function controlCodes(action: 'expire' | 'end-wait', email: string): Promise<void> {
  const response = await fetch(
    `${process.env[CONTROL_VARIABLE]}/codes/${action}?${new URLSearchParams({ email })}`,
    { method: 'POST' },
  )
  if (!response.ok) throw new Error(`stack control: ${response.status}`)
}
