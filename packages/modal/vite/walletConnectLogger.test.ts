import { afterEach, describe, expect, it, vi } from 'vitest'
import { consoleLogger } from './consoleLogger.js'
import {
  ConsoleLogger,
  generateChildLogger,
  generatePlatformLogger,
  getDefaultLoggerOptions,
  getLoggerContext,
  LOG_BUFFER_BYTES,
  LogBuffer,
} from './walletConnectLogger'

describe("WalletConnect's logger, on the console", () => {
  afterEach(() => {
    vi.restoreAllMocks()
  })

  it('writes messages at or above the level, with the child’s context, and drops the rest', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const debug = vi.spyOn(console, 'debug').mockImplementation(() => {})
    const { logger, chunkLoggerController } = generatePlatformLogger({
      opts: getDefaultLoggerOptions({ level: 'error', name: 'core' }),
      loggerOverride: 'error',
    })
    const relayer = generateChildLogger(generateChildLogger(logger, 'core'), 'relayer')
    expect(getLoggerContext(relayer)).toBe('core/relayer')

    relayer.debug('connecting')
    relayer.warn({ type: 'retry' })
    relayer.error('socket stalled', { attempt: 2 })
    relayer.fatal('gave up')
    expect(debug).not.toHaveBeenCalled()
    expect(warn).not.toHaveBeenCalled()
    expect(error.mock.calls).toEqual([
      ['[core/relayer]', 'socket stalled', { attempt: 2 }],
      ['[core/relayer]', 'gave up'],
    ])

    relayer.level = 'debug'
    relayer.debug('now shown')
    expect(debug).toHaveBeenCalledWith('[core/relayer]', 'now shown')
    relayer.level = 'not-a-level'
    expect(relayer.level).toBe('debug')
    relayer.level = 'silent'
    relayer.fatal('hidden')
    expect(error).toHaveBeenCalledTimes(2)

    // What reached the console is in the client's log buffer too, with its level and context.
    const lines = chunkLoggerController?.getLogArray().map((line) => JSON.parse(line).log)
    expect(lines).toEqual([
      { level: 50, context: 'core/relayer', msg: ['socket stalled', { attempt: 2 }] },
      { level: 60, context: 'core/relayer', msg: ['gave up'] },
      { level: 20, context: 'core/relayer', msg: ['now shown'] },
    ])
  })

  it('keeps about 1 MB of log lines, the oldest dropped first', () => {
    expect(LOG_BUFFER_BYTES).toBe(1024 * 1024)
    const buffer = new LogBuffer(300)
    for (let index = 0; index < 10; index++) buffer.append({ msg: [`line ${index}`, 'x'.repeat(40)] })
    const kept = buffer.getLogArray()
    expect(kept.length).toBeLessThan(10)
    expect(kept.join('').length).toBeLessThanOrEqual(300)
    expect(JSON.parse(kept.at(-1) as string).log.msg[0]).toBe('line 9')
    buffer.append({ msg: ['y'.repeat(400)] })
    expect(buffer.getLogArray().at(-1)).toBe(kept.at(-1))
    buffer.clearLogs()
    expect(buffer.getLogArray()).toEqual([])
  })

  it('uses a logger the app passed as it is, and defaults to info', () => {
    const own = new ConsoleLogger('warn')
    expect(generatePlatformLogger({ loggerOverride: own })).toEqual({
      logger: own,
      chunkLoggerController: null,
    })
    expect(generatePlatformLogger({}).logger.level).toBe('info')
    expect(getDefaultLoggerOptions({ name: 'x' })).toEqual({ name: 'x', level: 'info' })
    expect(getLoggerContext(own)).toBe('')
  })

  it("replaces the package only for WalletConnect's own modules", () => {
    const resolve = consoleLogger().resolveId as (source: string, importer?: string) => string | null
    const core = '/repo/node_modules/@walletconnect/core/dist/index.js'
    expect(resolve('@walletconnect/logger', core)).toMatch(/modal\/vite\/walletConnectLogger\.ts$/)
    expect(resolve('@walletconnect/logger', '/repo/src/main.ts')).toBeNull()
    expect(resolve('@walletconnect/time', core)).toBeNull()
  })
})
