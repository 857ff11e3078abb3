import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { Avatar } from './Avatar'

// The behaviour these tests check: docs/behaviour.md#account.

describe('Account: the avatar', () => {
  it('is the profile image when there is one, else a generated one; decorative either way', () => {
    expect(
      renderToString(
        <Avatar address="0x70997970C51812dc3A010C7d01b50e0d17dc79C8" image="https://img.test/a.png" />,
      ),
    ).toBe('<img class="avatar" src="https://img.test/a.png" alt="" width="64" height="64"/>')
    expect(renderToString(<Avatar address="0x70997970C51812dc3A010C7d01b50e0d17dc79C8" image={null} />)).toBe(
      '<span class="avatar" aria-hidden="true"></span>',
    )
  })
})
