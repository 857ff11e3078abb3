import { FRAME_INTERACTIVE_TIMEOUT_MS } from '@allaccess/frame-protocol'

/**
 * The signal an interactive wait (device approval, a social or Farcaster sign-in) stops on: the host gave up, the
 * sign-in was replaced (`stop`), or the spec's 120 s passed, as for the host's own request.
 */
export const interactiveWait = (aborted: AbortSignal, stop?: AbortSignal) =>
  AbortSignal.any([aborted, ...(stop ? [stop] : []), AbortSignal.timeout(FRAME_INTERACTIVE_TIMEOUT_MS)])
