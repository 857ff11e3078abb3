import { describe, expect, it } from 'vitest'

/**
 * The public surface of @allaccess/frame-protocol, pinned: the modal and the frame both build on it, so adding or
 * removing an export is a decision made here, in review, never a side effect of a refactor.
 */
describe('exports', () => {
  it('@allaccess/frame-protocol', async () => {
    expect(Object.keys(await import('./index')).sort()).toMatchInlineSnapshot(`
      [
        "FRAME_CHAIN_NAMESPACE",
        "FRAME_CHANNEL",
        "FRAME_ERROR_TEXTS",
        "FRAME_INTERACTIVE_TIMEOUT_MS",
        "FRAME_LOAD_TIMEOUT_MS",
        "FRAME_PROTOCOL_VERSION",
        "FRAME_READY_DELAY_MS",
        "FRAME_SIGN_OUT_WAIT_MS",
        "FRAME_SOLANA_NAMESPACE",
        "PROVIDER_ERROR_CODES",
        "SIWX_MESSAGE_MAX_LENGTH",
        "THEME_VARIABLES_MAX",
        "frameErrorSchema",
        "frameMessageSchema",
        "frameMessages",
        "frameRequests",
        "hostMessageSchema",
        "parseFrameMessage",
        "parseHostMessage",
        "parseReply",
      ]
    `)
  })
})
