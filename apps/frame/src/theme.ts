import type { FramePayload } from '@allaccess/frame-protocol'

/** The modal's theme variables the frame follows, and the frame's own variable each sets. */
const FOLLOWED: Record<string, string> = {
  '--aap-accent': '--frame-accent',
  '--aap-accent-contrast': '--frame-accent-foreground',
  '--aap-bg': '--frame-background',
  '--aap-fg': '--frame-foreground',
  '--aap-fg-muted': '--frame-muted',
  '--aap-border-radius': '--frame-radius',
  '--aap-font-family': 'font-family',
}
/** A value is a colour, length or font list: nothing that loads (url()) or escapes the declaration. */
const SAFE_VALUE = /^[\w\s#%.,()'"-]{1,200}$/

/** Applies the modal's mode and followed variables to the frame's document. */
export function applyTheme(root: HTMLElement, { themeMode, themeVariables }: FramePayload<'syncTheme'>) {
  root.dataset.theme = themeMode
  root.style.colorScheme = themeMode
  for (const [name, property] of Object.entries(FOLLOWED)) {
    const value = themeVariables[name]
    if (value !== undefined && SAFE_VALUE.test(String(value)) && !/url\s*\(/i.test(String(value)))
      root.style.setProperty(property, String(value))
    else root.style.removeProperty(property)
  }
}
