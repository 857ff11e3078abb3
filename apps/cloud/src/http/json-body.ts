import type { FastifyInstance } from 'fastify'
import { BadRequestError } from './errors.js'

/**
 * Deepest nesting of arrays and objects a JSON body may have. No service needs more than a handful of levels;
 * far deeper input (thousands of levels) overflows the stack of whatever walks it recursively afterwards
 * (`JSON.stringify`, validators), so it is refused before parsing.
 */
export const MAX_JSON_DEPTH = 64

/** Whether JSON text nests deeper than `max`, by one pass over the characters (no recursion, no parse). */
export function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const char = text.charCodeAt(i)
    if (inString) {
      if (char === 0x5c /* \ */) i++
      else if (char === 0x22 /* " */) inString = false
    } else if (char === 0x22) inString = true
    else if (char === 0x5b /* [ */ || char === 0x7b /* { */) {
      if (++depth > max) return true
    } else if (char === 0x5d /* ] */ || char === 0x7d /* } */) depth--
  }
  return false
}

/**
 * One JSON parser for every route, at the edge: bounded nesting, and `text/plain` read as JSON too (browsers
 * send `navigator.sendBeacon` and pre-flight-free `fetch` bodies as `text/plain`).
 */
export function installJsonBodies(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error')
  app.removeContentTypeParser(['application/json', 'text/plain'])
  app.addContentTypeParser(
    ['application/json', 'text/plain'],
    { parseAs: 'string' },
    (request, body, done) => {
      if (nestsDeeperThan(body as string, MAX_JSON_DEPTH))
        return done(new BadRequestError(`JSON nested deeper than ${MAX_JSON_DEPTH} levels`), undefined)
      parseJson(request, body as string, done)
    },
  )
}
