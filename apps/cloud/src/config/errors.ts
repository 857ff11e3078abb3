import { CloudError } from '../errors.js'

/** Thrown when the environment does not describe a valid configuration. */
export class ConfigError extends CloudError<'invalidConfig'> {
  override readonly name = 'ConfigError'
  constructor(readonly issues: string[]) {
    super(
      'invalidConfig',
      `Invalid cloud configuration:\n${issues.map((issue) => `  - ${issue}`).join('\n')}`,
    )
  }
}
