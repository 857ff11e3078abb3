import { defineErrors } from '../../kernel/errors'

/** The on-ramp's refusals, named once (docs/behaviour.md#on-ramp). */
export const OnrampError = defineErrors('OnrampError', {
  noCloud: 'The on-ramp needs the cloud client (`api`)',
})
