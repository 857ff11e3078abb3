import { describe, expect, it } from 'vitest'
import { hostnameOf, isHostAllowed, isLoopbackAddress } from './hosts'

const names = new Set(['cloud.example'])

describe('Host checks', () => {
  it('reads the name of a Host header', () => {
    expect(hostnameOf('Cloud.Example:8787')).toBe('cloud.example')
    expect(hostnameOf('cloud.example.')).toBe('cloud.example')
    expect(hostnameOf('[::1]:8787')).toBe('[::1]')
    for (const bad of ['user@cloud.example', 'cloud.example/x', 'a b', ':80', '[::1'])
      expect(hostnameOf(bad), bad).toBeUndefined()
  })

  it("admits the server's names and IP addresses, and localhost names only when told", () => {
    for (const host of [
      'cloud.example',
      'CLOUD.example:443',
      '127.0.0.1:8787',
      '10.0.0.5',
      '[::1]:8787',
      undefined,
    ])
      expect(isHostAllowed(host, names, false), String(host)).toBe(true)
    for (const host of [
      'attacker.example',
      'cloud.example.attacker.example',
      'localhost:8787',
      'x@cloud.example',
    ])
      expect(isHostAllowed(host, names, false), host).toBe(false)
    expect(isHostAllowed('cloud.allaccess.localhost:8787', names, true)).toBe(true)
    expect(isHostAllowed('localhost', names, true)).toBe(true)
    expect(isHostAllowed('cloud.allaccess.localhost', names, false)).toBe(false)
  })

  it('takes *.localhost only on a loopback listening address', () => {
    for (const address of [
      '127.0.0.1',
      '127.1.2.3',
      '::1',
      '[::1]',
      'localhost',
      'cloud.allaccess.localhost',
    ])
      expect(isLoopbackAddress(address), address).toBe(true)
    for (const address of ['0.0.0.0', '::', '10.0.0.5', 'cloud.example'])
      expect(isLoopbackAddress(address), address).toBe(false)
  })
})
