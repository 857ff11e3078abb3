import { FRAME_CHANNEL, FRAME_PROTOCOL_VERSION, parseHostMessage } from '@allaccess/frame-protocol'

// The modal speaks this to the embedded wallet's frame; a site never needs to. A frame reads a host's message so:
window.addEventListener('message', (event) => {
  const message = parseHostMessage(event.data)
  if (message) console.log(FRAME_CHANNEL, FRAME_PROTOCOL_VERSION, message.type)
})
