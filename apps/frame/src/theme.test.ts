import { describe, expect, it } from 'vitest'
import { contrast, opaqueColour, readableColours } from './theme'

/** The frame's own light colours (styles.css). */
const OWN = {
  '--frame-background': '#ffffff',
  '--frame-foreground': '#141414',
  '--frame-muted': '#595959',
  '--frame-accent': '#3b5bdb',
  '--frame-accent-foreground': '#ffffff',
  '--frame-error': '#c92a2a',
}

describe("the host's theme in the frame", () => {
  it('reads only opaque colours', () => {
    expect(
      ['#fff', '#FFFFFF', '#ffff', '#ffffffff', 'rgb(1, 2, 3)', 'rgb(1 2 3 / 1)', 'rgba(1,2,3,1)'].map(
        opaqueColour,
      ),
    ).toEqual([
      [255, 255, 255],
      [255, 255, 255],
      [255, 255, 255],
      [255, 255, 255],
      [1, 2, 3],
      [1, 2, 3],
      [1, 2, 3],
    ])
    for (const value of [
      'transparent',
      '#fff0',
      '#ffffff00',
      'rgba(0,0,0,0)',
      'rgb(0 0 0 / 0.5)',
      'currentColor',
      'hsl(0 0% 0%)',
      'rgb(300, 0, 0)',
      'red',
    ])
      expect(opaqueColour(value)).toBeUndefined()
    expect(contrast([0, 0, 0], [255, 255, 255])).toBeCloseTo(21)
  })

  it('takes readable colours whole, and none when any is transparent or under 4.5:1', () => {
    const dark = {
      '--aap-bg': '#101010',
      '--aap-fg': '#fafafa',
      '--aap-fg-muted': '#c0c0c0',
      '--aap-accent': '#9db0ff',
      '--aap-accent-contrast': '#000000',
    }
    // A dark background with the frame's light error red under it fails: the host must name every colour readable.
    expect(readableColours({ ...OWN, '--frame-error': '#ff8787' }, dark)).toEqual({
      '--frame-background': '#101010',
      '--frame-foreground': '#fafafa',
      '--frame-muted': '#c0c0c0',
      '--frame-accent': '#9db0ff',
      '--frame-accent-foreground': '#000000',
    })
    expect(readableColours(OWN, dark)).toEqual({})
    expect(readableColours(OWN, { '--aap-fg': 'transparent', '--aap-fg-muted': 'transparent' })).toEqual({})
    expect(readableColours(OWN, { '--aap-fg': 'rgb(20 20 20 / 0.1)' })).toEqual({})
    // Grey on white at 2.8:1.
    expect(readableColours(OWN, { '--aap-fg-muted': '#949494' })).toEqual({})
    expect(readableColours(OWN, { '--aap-accent': 'rgb(232, 89, 12)' })).toEqual({})
    expect(readableColours(OWN, { '--aap-accent': 'rgb(180, 60, 0)' })).toEqual({
      '--frame-accent': 'rgb(180, 60, 0)',
    })
    expect(readableColours(OWN, { '--aap-fg': 42 })).toEqual({})
  })
})
