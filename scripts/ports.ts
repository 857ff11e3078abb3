import { createServer } from 'node:net'
import { isAddressInUse, PortInUseError } from '@allaccess/cloud'

/** Throws PortInUseError (naming the port and the variable that moves it) when another process holds the port. */
export async function assertPortFree(port: number, variable: string): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const server = createServer()
    server.once('error', (error) =>
      reject(isAddressInUse(error) ? new PortInUseError(port, variable) : error),
    )
    server.listen({ port, host: '127.0.0.1' }, () => server.close(() => resolve()))
  })
}
