import { afterEach, describe, expect, it, vi } from 'vitest'

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('answers', () => {
  it('are parsed without eval, as a strict Content-Security-Policy demands (classic zod would probe for it)', async () => {
    const compiled: unknown[][] = []
    const NativeFunction = Function
    vi.stubGlobal(
      'Function',
      new Proxy(NativeFunction, {
        construct(target, args) {
          compiled.push(args)
          return Reflect.construct(target, args)
        },
      }),
    )
    // zod and the protocol's schemas load here, after the stub. zod/mini's object parser never compiles code;
    // classic zod's compiles with `new Function`, and its probe for eval alone is a violation under the policy.
    const { readAnalyticsConfig, readFeatures } = await import('./answers')
    expect(readAnalyticsConfig({ isAnalyticsEnabled: true })).toEqual({ isAnalyticsEnabled: true })
    expect(readFeatures({ features: [{ id: 'swap', isEnabled: true, config: null }] })).toHaveLength(1)
    expect(compiled).toEqual([])
  })
})
