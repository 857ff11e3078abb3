import { toCaipNetworkId } from '@allaccess/protocol'
import { describe, expect, it } from 'vitest'
import { ModalError } from '../kernel/errors'
import { parseCaipAddress, parseCaipNetworkId } from './caip'

// The behaviour these tests check: docs/behaviour.md#chains.

describe('CAIP ids in the modal (the grammar is tested in @allaccess/protocol)', () => {
  it('reads a chain-qualified account address of exactly 3 parts', () => {
    expect(parseCaipAddress('eip155:1:0xabc')).toEqual({
      namespace: 'eip155',
      chainId: '1',
      address: '0xabc',
    })
  })

  it('reads a network id of exactly 2 parts', () => {
    expect(parseCaipNetworkId(toCaipNetworkId('eip155', 31337))).toEqual({
      namespace: 'eip155',
      chainId: '31337',
    })
  })

  it.each([
    () => parseCaipAddress('eip155:1'),
    () => parseCaipAddress('eip155:1:0xabc:extra'),
    () => parseCaipNetworkId('eip155'),
    () => parseCaipNetworkId('evm:1'),
  ])('raises the error "Invalid CAIP Address" otherwise (%#)', (read) => {
    expect(read).toThrow(ModalError)
    expect(read).toThrow('Invalid CAIP Address')
  })
})
