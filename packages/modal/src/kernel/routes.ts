/**
 * The modal's routes: each view's name and the data it needs (docs/behaviour.md#views). The kernel declares
 * none: each feature adds its own by augmenting this interface from its folder (its `routes.ts`):
 *
 *   declare module '../../kernel/routes' { interface Routes { Send: { to?: string } } }
 *
 * `undefined` in a route's type makes its data optional.
 */
// biome-ignore lint/suspicious/noEmptyInterface: every route is a feature's, added by augmentation.
export interface Routes {}

export type View = keyof Routes

/** One entry of the history: a view and its data, discriminated by `view`. */
export type RouteEntry = {
  [V in View]: undefined extends Routes[V]
    ? { view: V; data?: Exclude<Routes[V], undefined> }
    : { view: V; data: Routes[V] }
}[View]

/** The views whose data is optional: a history can start from one by name. */
export type StartView = { [V in View]: undefined extends Routes[V] ? V : never }[View]

/** The entry of one view, e.g. `EntryOf<'SwitchNetwork'>`. */
export type EntryOf<V extends View> = Extract<RouteEntry, { view: V }>
