import { defineErrors } from '../../kernel/errors'
import { SwapText } from './constants'

/** A swap's refusal: its code, and the text the Swap view shows (docs/behaviour.md#swaps). */
export const SwapError = defineErrors('SwapError', SwapText)
