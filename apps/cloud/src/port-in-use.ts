import { CloudError } from './errors.js'

/** A port another process holds: one line naming it and the variable that moves it, no stack. */
export class PortInUseError extends CloudError<'portInUse'> {
  override readonly name = 'PortInUseError'
  constructor(
    readonly port: number,
    readonly variable: string,
  ) {
    super(
      'portInUse',
      `Port ${port} is already in use: stop what holds it, or set ${variable} to another port.`,
    )
  }
}

export function isAddressInUse(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | undefined)?.code === 'EADDRINUSE'
}
