import { closeOnSignals } from '@allaccess/cloud'
import { startSite } from '../site'

/** `npm start`'s site: the production build against the cloud and chain named by the supervisor, until SIGTERM. */
const site = await startSite({
  port: Number(process.env.SITE_PORT ?? 5173),
  cloudUrl: String(process.env.VITE_CLOUD_URL),
  chainRpcUrl: String(process.env.VITE_RPC_URL),
  frameUrl: String(process.env.VITE_FRAME_URL),
  ...(process.env.VITE_SOLANA_RPC_URL ? { solanaRpcUrl: process.env.VITE_SOLANA_RPC_URL } : {}),
})
closeOnSignals(site.close)
console.log(`site ready: ${site.url}`)
