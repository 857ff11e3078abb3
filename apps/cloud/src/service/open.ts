import type { AnyService, OpenContext } from './define.js'

/**
 * Opens `services` in order, each with what those before it opened; when one fails, closes those opened before it
 * (in reverse order) and rethrows. The answer holds everything opened, the configuration, and `close`, which closes
 * every service in reverse order.
 */
export async function openInOrder(
  services: readonly AnyService[],
  context: OpenContext<object>,
): Promise<Record<string, unknown> & { close(): Promise<void> }> {
  const opened: Record<string, unknown> = { config: context.config }
  const closers: (() => void | Promise<void>)[] = []
  const close = async () => {
    for (const closeOne of closers.splice(0).reverse()) await closeOne()
  }
  try {
    for (const service of services) {
      const provided = (await service.open?.(opened, context)) ?? {}
      Object.assign(opened, provided)
      if (service.close) closers.push(() => service.close?.(provided))
    }
  } catch (error) {
    await close()
    throw error
  }
  return Object.assign(opened, { close })
}
