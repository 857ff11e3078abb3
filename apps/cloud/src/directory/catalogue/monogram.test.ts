import { monogramColour } from '@allaccess/protocol'
import { describe, expect, it } from 'vitest'
import { escapeXml, monogramSvg } from './monogram.js'
import { xmlWellFormednessProblems } from './well-formed-xml.js'

describe('escapeXml', () => {
  it('escapes the five XML specials', () => {
    expect(escapeXml(`<a href="x">&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&amp;&apos;&lt;/a&gt;')
  })
})

describe('monogramSvg', () => {
  it('is a well-formed SVG with the initials', () => {
    const svg = monogramSvg('Trust Wallet')
    expect(xmlWellFormednessProblems(svg)).toEqual([])
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true)
    expect(svg).toContain('>TW</text>')
  })

  it('escapes <, & and " in the name and in the initials', () => {
    const svg = monogramSvg('<b>&"Quote" Wallet')
    expect(xmlWellFormednessProblems(svg)).toEqual([])
    expect(svg).toContain('aria-label="&lt;b&gt;&amp;&quot;Quote&quot; Wallet"')
    expect(svg).not.toContain('<b>')

    const ampersandInitials = monogramSvg('& &')
    expect(xmlWellFormednessProblems(ampersandInitials)).toEqual([])
  })

  it('is deterministic and takes its colour from the seed', () => {
    expect(monogramSvg('Edge')).toBe(monogramSvg('Edge'))
    expect(monogramSvg('Edge', 'edge')).toBe(monogramSvg('Edge', 'edge'))
    expect(monogramSvg('Edge', 'edge')).not.toBe(monogramSvg('Edge', 'other-seed'))
    expect(monogramSvg('Edge', 'edge')).toContain(`fill="${monogramColour('edge')}"`)
  })
})
