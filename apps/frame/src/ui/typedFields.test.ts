import { describe, expect, it } from 'vitest'
import { typedFields } from './typedFields'

describe('typed data as labelled fields', () => {
  it('names each field, nests structs under their name and numbers list entries, leaving nothing out', () => {
    expect(
      typedFields({
        name: 'alice.allaccess',
        owner: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
        expires: 1796196563,
        record: { text: 'hi', tags: ['a', 'b'], empty: [] },
        none: null,
      }),
    ).toEqual([
      { label: 'name', depth: 0, value: 'alice.allaccess' },
      { label: 'owner', depth: 0, value: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' },
      { label: 'expires', depth: 0, value: '1796196563' },
      { label: 'record', depth: 0, value: null },
      { label: 'text', depth: 1, value: 'hi' },
      { label: 'tags', depth: 1, value: null },
      { label: '#1', depth: 2, value: 'a' },
      { label: '#2', depth: 2, value: 'b' },
      { label: 'empty', depth: 1, value: null },
      { label: '', depth: 2, value: 'Empty' },
      { label: 'none', depth: 0, value: 'Empty' },
    ])
  })
})
