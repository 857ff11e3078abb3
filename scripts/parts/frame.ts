import { closeOnSignals } from '@allaccess/cloud'
import { startFrame } from '../site'

/** `npm start`'s embedded-wallet frame: its production build on its own origin, until SIGTERM. */
const frame = await startFrame({
  port: Number(process.env.FRAME_PORT ?? 8788),
  cloudUrl: String(process.env.VITE_CLOUD_URL),
})
closeOnSignals(frame.close)
console.log(`frame ready: ${frame.url}`)
