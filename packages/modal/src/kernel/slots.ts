/**
 * The slots a feature's view offers to other features, and what fills each (docs/behaviour.md#features). The
 * kernel declares none: the feature whose view has the slot adds it from its own folder, as routes are added:
 *
 *   declare module '../../kernel/slots' { interface Slots { 'connect:email': ComponentType<{ disabled: boolean }> } }
 *
 * A chunk that fills a slot with the wrong kind of thing is then a type error, not a blank view.
 */
// biome-ignore lint/suspicious/noEmptyInterface: every slot is a feature's, added by augmentation.
export interface Slots {}

export type SlotName = keyof Slots

/** What one chunk fills: at most one filler per slot. */
export type SlotFillers = { [S in SlotName]?: Slots[S] }

/** What fills each slot once the features are loaded: every chunk's filler, in the modules' order. */
export type FilledSlots = { [S in SlotName]?: readonly Slots[S][] }
