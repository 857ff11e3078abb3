/** The kernel's constants (docs/behaviour.md#constants), re-exported by app/constants' one catalogue. */

/** Amounts are computed with big.js (kernel/bigDecimal): 20 decimal places, rounding half-up. Kept here, not in
 * bigDecimal, so the catalogue never pulls big.js into the page's first load. */
export const BIG_DECIMAL_PLACES = 20

export const BALANCE_DISPLAY_DECIMALS = 3

export const BANNER_REPLACEMENT_DELAY_MS = 150
/** Not in the spec: long enough to read a short success or info banner; a loading banner stays until replaced. */
export const BANNER_AUTO_HIDE_MS = 4_000
/** Not in the spec: an error banner says more, and stays longer, but never past 10 s (ours). */
export const BANNER_ERROR_HIDE_MS = 8_000
