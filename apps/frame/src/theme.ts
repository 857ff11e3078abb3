import type { FramePayload } from '@allaccess/frame-protocol'

/** The modal's colour variables the frame follows, and the frame's own variable each sets. */
const FOLLOWED_COLOURS = {
  '--aap-accent': '--frame-accent',
  '--aap-accent-contrast': '--frame-accent-foreground',
  '--aap-bg': '--frame-background',
  '--aap-fg': '--frame-foreground',
  '--aap-fg-muted': '--frame-muted',
} as const
/** The other variables the frame follows: a radius and a font list. */
const FOLLOWED_OTHERS: Record<string, string> = {
  '--aap-border-radius': '--frame-radius',
  '--aap-font-family': 'font-family',
}
/**
 * AppKit's theme names (syncTheme's w3mThemeVariables) the frame knows, and the modal's name each stands for; any
 * other `--w3m-*` name is dropped. A modal name given in themeVariables wins over its AppKit one.
 */
export const W3M_NAMES: Record<string, string> = {
  '--w3m-accent': '--aap-accent',
  '--w3m-font-family': '--aap-font-family',
  '--w3m-border-radius-master': '--aap-border-radius',
}

/** The variables the frame follows: the modal's, over AppKit's it knows. */
export function followedVariables({
  themeVariables,
  w3mThemeVariables = {},
}: Pick<FramePayload<'syncTheme'>, 'themeVariables' | 'w3mThemeVariables'>): Record<string, string | number> {
  const mapped: Record<string, string | number> = {}
  for (const [name, value] of Object.entries(w3mThemeVariables)) {
    const own = Object.hasOwn(W3M_NAMES, name) ? W3M_NAMES[name] : undefined
    if (own) mapped[own] = value
  }
  return { ...mapped, ...themeVariables }
}

/** A value is a length or font list: nothing that loads (url()) or escapes the declaration. */
const SAFE_VALUE = /^[\w\s#%.,()'"-]{1,200}$/
/** WCAG AA for text: each text colour against the colour it is read on. */
export const THEME_MIN_CONTRAST = 4.5

type FrameColour = (typeof FOLLOWED_COLOURS)[keyof typeof FOLLOWED_COLOURS] | '--frame-error'
type Rgb = [number, number, number]
/** The pairs that must stay readable: text on the background, and the accent button's text on the accent. */
const READ_ON: [text: FrameColour, ground: FrameColour][] = [
  ['--frame-foreground', '--frame-background'],
  ['--frame-muted', '--frame-background'],
  ['--frame-accent', '--frame-background'],
  ['--frame-error', '--frame-background'],
  ['--frame-accent-foreground', '--frame-accent'],
]

/**
 * An opaque colour as hex (`#rgb`, `#rrggbb`, with an alpha of `f`/`ff` only) or `rgb()`/`rgba()` with an alpha
 * of 1; anything else (transparent, a translucent colour, a keyword, `currentColor`, a function) is undefined.
 */
export function opaqueColour(value: string): Rgb | undefined {
  const text = value.trim().toLowerCase()
  const hex = /^#([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/.exec(text)?.[1]
  if (hex) {
    const digits = hex.length <= 4 ? [...hex].map((digit) => digit + digit) : (hex.match(/../g) ?? [])
    const [red, green, blue, alpha = 'ff'] = digits
    if (alpha !== 'ff') return undefined
    return [red, green, blue].map((pair) => Number.parseInt(pair ?? '', 16)) as Rgb
  }
  const rgb = /^rgba?\(\s*(\d{1,3})[\s,]+(\d{1,3})[\s,]+(\d{1,3})\s*(?:[,/]\s*([\d.]+%?)\s*)?\)$/.exec(text)
  if (!rgb) return undefined
  const alpha = rgb[4]
  if (alpha !== undefined && alpha !== '1' && alpha !== '100%') return undefined
  const channels = rgb.slice(1, 4).map(Number) as Rgb
  return channels.every((channel) => channel <= 255) ? channels : undefined
}

/** WCAG 2's contrast ratio of two opaque colours, 1 to 21. */
export function contrast(one: Rgb, two: Rgb): number {
  const luminance = (colour: Rgb) => {
    const [red, green, blue] = colour.map((channel) => {
      const value = channel / 255
      return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4
    }) as Rgb
    return 0.2126 * red + 0.7152 * green + 0.0722 * blue
  }
  const [light, dark] = [luminance(one), luminance(two)].sort((a, b) => b - a) as [number, number]
  return (light + 0.05) / (dark + 0.05)
}

/**
 * The host's colours the frame takes, given its own for the mode: all of them when each is opaque and every text
 * stays at 4.5:1 or more on what it is read on, else none (a host can't blank or fade an approval or the key export).
 */
export function readableColours(
  own: Record<FrameColour, string>,
  asked: Record<string, unknown>,
): Partial<Record<FrameColour, string>> {
  const taken: Partial<Record<FrameColour, string>> = {}
  for (const [name, property] of Object.entries(FOLLOWED_COLOURS)) {
    const value = asked[name]
    if (value === undefined) continue
    if (typeof value !== 'string' || !opaqueColour(value)) return {}
    taken[property] = value
  }
  const colour = (property: FrameColour) => opaqueColour(taken[property] ?? own[property])
  for (const [text, ground] of READ_ON) {
    const [foreground, background] = [colour(text), colour(ground)]
    if (!foreground || !background || contrast(foreground, background) < THEME_MIN_CONTRAST) return {}
  }
  return taken
}

/** Applies the modal's mode and followed variables to the frame's document (colours only when readable). */
export function applyTheme(root: HTMLElement, theme: FramePayload<'syncTheme'>) {
  const { themeMode } = theme
  const themeVariables = followedVariables(theme)
  root.dataset.theme = themeMode
  root.style.colorScheme = themeMode
  for (const [name, property] of Object.entries(FOLLOWED_OTHERS)) {
    const value = themeVariables[name]
    if (value !== undefined && SAFE_VALUE.test(String(value)) && !/url\s*\(/i.test(String(value)))
      root.style.setProperty(property, String(value))
    else root.style.removeProperty(property)
  }
  // The frame's own colours for this mode, from its style sheet, once the host's are taken off.
  const properties = [...Object.values(FOLLOWED_COLOURS), '--frame-error'] as FrameColour[]
  for (const property of properties) root.style.removeProperty(property)
  const style = getComputedStyle(root)
  const own = Object.fromEntries(
    properties.map((property) => [property, style.getPropertyValue(property).trim()]),
  ) as Record<FrameColour, string>
  for (const [property, value] of Object.entries(readableColours(own, themeVariables)))
    root.style.setProperty(property, value)
}
