import { FRAME_CHAIN_NAMESPACE, type FramePayload } from '@allaccess/frame-protocol'
import { EMBEDDED_SESSION_HANDLE_KEY } from './embeddedWalletOptions'

type Storage = Pick<globalThis.Storage, 'getItem' | 'setItem' | 'removeItem'>

/** A session handle as the frame makes them (32 hex digits); anything else in storage is not sent. */
const SESSION_HANDLE = /^[0-9a-f]{32}$/

/**
 * An EIP-1193 request as frame protocol v2 carries it: on the connector's network by name — its chain id, the eip155
 * namespace and the cloud gateway's RPC — so a switch on the way can't move it to another network.
 */
export const rpcRequestPayload = (
  { method, params }: { method: string; params?: unknown },
  chainId: number,
  rpcUrl: string,
): FramePayload<'rpcRequest'> => ({
  method,
  ...(params === undefined ? {} : { params }),
  chainId,
  chainNamespace: FRAME_CHAIN_NAMESPACE,
  rpcUrl,
})

/** isConnected with the handle of the session this page last saw, when it has one. */
export function isConnectedPayload(storage: Storage | undefined): FramePayload<'isConnected'> {
  const handle = storage?.getItem(EMBEDDED_SESSION_HANDLE_KEY)
  return handle && SESSION_HANDLE.test(handle) ? { token: handle } : {}
}

/** The frame's sessionUpdate: its session's handle kept (or forgotten), never a credential. */
export function keepSessionHandle(storage: Storage | undefined, handle: string | null): void {
  if (handle) storage?.setItem(EMBEDDED_SESSION_HANDLE_KEY, handle)
  else storage?.removeItem(EMBEDDED_SESSION_HANDLE_KEY)
}
