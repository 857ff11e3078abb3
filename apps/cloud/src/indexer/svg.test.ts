import { describe, expect, it } from 'vitest'
import { sanitizeSvg } from './svg.js'

/** The All-Access Pass's art, as its contract draws it (packages/chain/contracts/AllAccessPass.sol). */
const PASS =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 400"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">' +
  '<stop offset="0" stop-color="hsl(137,72%,46%)"/><stop offset="1" stop-color="hsl(185,78%,22%)"/></linearGradient></defs>' +
  '<rect width="400" height="400" rx="28" fill="url(#g)"/><g font-family="ui-sans-serif" fill="#fff">' +
  '<text x="56" y="122" font-size="13">ADMIT ONE &#183; EVERYWHERE</text></g></svg>'

describe('sanitizeSvg', () => {
  it('keeps passive art as it was drawn', () => {
    const clean = sanitizeSvg(PASS)
    expect(clean).toContain('fill="url(#g)"')
    expect(clean).toContain('<linearGradient id="g"')
    expect(clean).toContain('ADMIT ONE · EVERYWHERE')
    expect(clean?.startsWith('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 400">')).toBe(true)
  })

  it('drops scripts, handlers, styles, foreign content, animations and links out of the document', () => {
    const hostile =
      '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" onload="alert(1)">' +
      '<script>alert(2)</script><style>@import url(https://evil.example/x.css)</style>' +
      '<foreignObject><div xmlns="http://www.w3.org/1999/xhtml">hi</div></foreignObject>' +
      '<image href="https://evil.example/track.png"/><a href="javascript:alert(3)"><circle r="1"/></a>' +
      '<rect fill="url(https://evil.example/p.svg#x)" style="fill:red" width="1"/>' +
      '<use xlink:href="https://evil.example/s.svg#a"/><use xlink:href="#local"/>' +
      '<set attributeName="href" to="javascript:alert(4)"/><circle r="2" onclick="alert(5)"/></svg>'
    const clean = sanitizeSvg(hostile) as string
    expect(clean).toBe(
      '<svg xmlns="http://www.w3.org/2000/svg"><rect width="1"></rect><use></use><use href="#local"></use><circle r="2"></circle></svg>',
    )
    for (const word of ['script', 'alert', 'evil', 'style', 'foreignObject', 'onload', 'javascript'])
      expect(clean).not.toContain(word)
  })

  it('escapes what it writes back', () => {
    const clean = sanitizeSvg('<svg><text x="1&quot; onload=&quot;x">a &lt;b&gt; &amp; c</text></svg>')
    expect(clean).toBe(
      '<svg xmlns="http://www.w3.org/2000/svg"><text x="1&quot; onload=&quot;x">a &lt;b&gt; &amp; c</text></svg>',
    )
  })

  it('refuses what is not one well-formed SVG document within the bounds', () => {
    for (const bad of [
      '',
      'not xml',
      '<html><body/></html>',
      '<svg><g></svg>',
      '<svg/><svg/>',
      '<!DOCTYPE svg [<!ENTITY a "aaaa"><!ENTITY b "&a;&a;&a;">]><svg><text>&b;</text></svg>',
      `<svg>${'<g>'.repeat(100)}${'</g>'.repeat(100)}</svg>`,
      `<svg>${'<rect/>'.repeat(5000)}</svg>`,
    ])
      expect(sanitizeSvg(bad), bad.slice(0, 40)).toBeUndefined()
  })
})
