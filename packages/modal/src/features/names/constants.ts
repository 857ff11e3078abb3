/** Name lookups and suggestions are cached 5 minutes (docs/behaviour.md#names): one constant for all of them. */
export const NAME_LOOKUP_CACHE_MS = 5 * 60_000
/** Suggestions wait for the visitor to pause typing, as the wallet search does (docs/behaviour.md#names: 300 ms). */
export const NAME_SEARCH_DELAY_MS = 300
