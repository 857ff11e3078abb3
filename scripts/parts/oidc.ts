import { closeOnSignals } from '@allaccess/cloud'
import { devClients, startDevOidc } from '@allaccess/oidc-dev'

/** `npm start`'s development identity provider: the six social providers' apps, sending users back to the cloud. */
const oidc = await startDevOidc({
  port: Number(process.env.OIDC_PORT ?? 8789),
  clients: devClients(String(process.env.CLOUD_PUBLIC_URL)),
})
closeOnSignals(oidc.close)
console.log(`oidc ready: ${oidc.issuer}`)
