import { describe, expect, it } from 'vitest'
import { xmlWellFormednessProblems } from './well-formed-xml.js'

describe('xmlWellFormednessProblems', () => {
  it('accepts a small well-formed SVG with entities', () => {
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg"><text fill=\'#fff\'>A &amp; B &#60;</text><rect/></svg>'
    expect(xmlWellFormednessProblems(svg)).toEqual([])
  })

  it.each([
    ['an unclosed element', '<svg><g></svg>'],
    ['a raw ampersand in text', '<svg><text>A & B</text></svg>'],
    ['a raw < in text', '<svg><text>a < b</text></svg>'],
    ['a raw ampersand in an attribute', '<svg aria-label="A & B"></svg>'],
    ['an unquoted attribute', '<svg width=10></svg>'],
    ['a repeated attribute', '<svg a="1" a="2"></svg>'],
    ['two roots', '<svg></svg><svg></svg>'],
    ['an unknown entity', '<svg><text>&nbsp;</text></svg>'],
    ['text after the root', '<svg></svg>tail'],
  ])('rejects %s', (_, text) => {
    expect(xmlWellFormednessProblems(text)).not.toEqual([])
  })
})
