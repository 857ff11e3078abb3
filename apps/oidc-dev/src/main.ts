import { devClients, startDevOidc } from './index.js'

/**
 * `npm start`'s identity provider: OIDC_PORT (default 8789), its six apps sending users back to CLOUD_PUBLIC_URL
 * (default the local cloud).
 */
const port = Number(process.env.OIDC_PORT ?? 8789)
const cloudUrl = process.env.CLOUD_PUBLIC_URL ?? `http://127.0.0.1:${process.env.CLOUD_PORT ?? 8787}`
const oidc = await startDevOidc({ port, clients: devClients(cloudUrl) })
console.log(`oidc ready on ${oidc.issuer}`)
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void oidc.close())
