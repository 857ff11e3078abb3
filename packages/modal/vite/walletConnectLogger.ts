/**
 * WalletConnect's logger API, for its core, sign client and utils in place of `@walletconnect/logger` (which
 * wraps pino and, in a browser, runs it at level `trace`: every message WalletConnect logs, traces included, is
 * serialized into the log buffer). Here a message below the client's level (the modal asks for `error`) costs
 * one comparison; the rest go to the console, as before, with the logger's context, and into the client's log
 * buffer (about 1 MB, oldest dropped first; `core.getLogsBlob()` still downloads it). Only the functions
 * WalletConnect imports are here: a new import after an upgrade fails the build instead of failing at run time.
 */

const LEVELS = {
  trace: 10,
  debug: 20,
  info: 30,
  warn: 40,
  error: 50,
  fatal: 60,
  silent: Number.POSITIVE_INFINITY,
}
type LevelName = keyof typeof LEVELS
type Method = Exclude<LevelName, 'silent'>

/** The key WalletConnect keeps a logger's context under (its `PINO_CUSTOM_CONTEXT_KEY`). */
const CONTEXT_KEY = 'custom_context'
const DEFAULT_LEVEL: LevelName = 'info'

const CONSOLE: Record<Method, 'trace' | 'debug' | 'info' | 'warn' | 'error'> = {
  trace: 'trace',
  debug: 'debug',
  info: 'info',
  warn: 'warn',
  error: 'error',
  fatal: 'error',
}

const isLevel = (value: unknown): value is LevelName => typeof value === 'string' && value in LEVELS

/** The log buffer's size (docs/behaviour.md#constants: about 1 MB), as WalletConnect's default. */
export const LOG_BUFFER_BYTES = 1024 * 1024
const utf8 = new TextEncoder()

/** The lines logged, as JSON, newest last, dropping the oldest past `maxBytes`. */
export class LogBuffer {
  private lines: { text: string; bytes: number }[] = []
  private bytes = 0

  constructor(private readonly maxBytes = LOG_BUFFER_BYTES) {}

  append(entry: unknown) {
    const text = JSON.stringify({ timestamp: new Date().toISOString(), log: entry }, (_, value) =>
      typeof value === 'bigint' ? `${value}n` : value,
    )
    const bytes = utf8.encode(text).length
    if (bytes > this.maxBytes) return
    this.lines.push({ text, bytes })
    this.bytes += bytes
    while (this.bytes > this.maxBytes) this.bytes -= this.lines.shift()?.bytes ?? 0
  }

  getLogArray(): string[] {
    return this.lines.map((line) => line.text)
  }

  clearLogs() {
    this.lines = []
    this.bytes = 0
  }

  logsToBlob(extraMetadata: Record<string, string>): Blob {
    return new Blob([...this.getLogArray(), JSON.stringify({ extraMetadata })], { type: 'application/json' })
  }
}

export class ConsoleLogger {
  [CONTEXT_KEY]?: string
  private threshold: number

  constructor(
    private levelName: LevelName,
    private readonly context: Record<string, unknown> = {},
    private readonly buffer?: LogBuffer,
  ) {
    this.threshold = LEVELS[levelName]
  }

  get level(): string {
    return this.levelName
  }

  /** WalletConnect sets a client's level after creating its logger; an unknown name keeps the current one. */
  set level(value: string) {
    if (!isLevel(value)) return
    this.levelName = value
    this.threshold = LEVELS[value]
  }

  child(bindings: Record<string, unknown>): ConsoleLogger {
    return new ConsoleLogger(this.levelName, { ...this.context, ...bindings }, this.buffer)
  }

  trace(...args: unknown[]) {
    this.write('trace', args)
  }
  debug(...args: unknown[]) {
    this.write('debug', args)
  }
  info(...args: unknown[]) {
    this.write('info', args)
  }
  warn(...args: unknown[]) {
    this.write('warn', args)
  }
  error(...args: unknown[]) {
    this.write('error', args)
  }
  fatal(...args: unknown[]) {
    this.write('fatal', args)
  }

  private write(method: Method, args: unknown[]) {
    if (LEVELS[method] < this.threshold) return
    const context = this.context.context
    console[CONSOLE[method]](...(typeof context === 'string' ? [`[${context}]`] : []), ...args)
    this.buffer?.append({ level: LEVELS[method], ...this.context, msg: args })
  }
}

type LoggerOptions = { level?: string; name?: string }

export function getDefaultLoggerOptions(options?: LoggerOptions): LoggerOptions {
  return { ...options, level: options?.level || DEFAULT_LEVEL }
}

export function getLoggerContext(logger: { [CONTEXT_KEY]?: string }, key = CONTEXT_KEY): string {
  return (logger as Record<string, string | undefined>)[key] || ''
}

export function generateChildLogger(
  logger: ConsoleLogger,
  childContext: string,
  key = CONTEXT_KEY,
): ConsoleLogger {
  const parent = getLoggerContext(logger, key)
  const context = parent.trim() ? `${parent}/${childContext}` : childContext
  const child = logger.child({ context })
  ;(child as unknown as Record<string, string>)[key] = context
  return child
}

/** A client's logger: the one the app passed, else a console logger at the level named, with its buffer. */
export function generatePlatformLogger(params: {
  opts?: LoggerOptions
  maxSizeInBytes?: number
  loggerOverride?: string | ConsoleLogger
}): { logger: ConsoleLogger; chunkLoggerController: LogBuffer | null } {
  const { opts, maxSizeInBytes, loggerOverride } = params
  if (loggerOverride !== undefined && typeof loggerOverride !== 'string') {
    return { logger: loggerOverride, chunkLoggerController: null }
  }
  const level = loggerOverride ?? opts?.level
  const buffer = new LogBuffer(maxSizeInBytes)
  return {
    logger: new ConsoleLogger(isLevel(level) ? level : DEFAULT_LEVEL, {}, buffer),
    chunkLoggerController: buffer,
  }
}
