/** The shell's constants (docs/behaviour.md#constants). */

/** How long the dialog shakes when it refuses to close. */
export const SHAKE_MS = 500
