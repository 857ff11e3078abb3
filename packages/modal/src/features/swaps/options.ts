/** The swaps feature's id: its views find its controller by it (they can't import its module, which loads them). */
export const SWAPS_FEATURE_ID = 'swaps'
