import type { Relay, Subscriber } from '../relay.js'

/** What a method handler works with: the shared relay and the calling connection. */
export type MethodContext = { relay: Relay; subscriber: Subscriber }

/** Parses `params` with its schema (a ZodError becomes -32602) and answers the result. */
export type MethodHandler = (context: MethodContext, params: unknown) => Promise<unknown>
