import { afterEach, describe, expect, it, vi } from 'vitest'
import { consoleLogger } from './consoleLogger.js'
import {
  ConsoleLogger,
  generateChildLogger,
  generatePlatformLogger,
  getDefaultLoggerOptions,
  getLoggerContext,
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
    expect(chunkLoggerController).toBeNull()
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
  })

  it('uses a logger the app passed as it is, and defaults to info', () => {
    const own = new ConsoleLogger('warn')
    expect(generatePlatformLogger({ loggerOverride: own }).logger).toBe(own)
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
