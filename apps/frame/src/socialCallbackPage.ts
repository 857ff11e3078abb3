import { SOCIAL_TEXTS } from '@allaccess/protocol'
import { broadcastCompletion } from './socialCallback'
import './ui/styles.css'

// The frame's social completion page (social-callback.html): the cloud's callback sends the popup here.
broadcastCompletion(window.location, () => history.replaceState(null, '', window.location.pathname))
const heading = document.createElement('h1')
heading.textContent = SOCIAL_TEXTS.done
const detail = document.createElement('p')
detail.textContent = SOCIAL_TEXTS.doneDetail
document.body.append(heading, detail)
// A popup the host opened closes once the frame has its code; a tab opened by hand just says so.
setTimeout(() => window.close(), 100)
