import { createContext, useContext, useLayoutEffect } from 'react'

/** Adds a stylesheet to the modal's shadow root once; mountModal provides it. */
export type AdoptStyles = (css: string) => void

export const ViewStylesContext = createContext<AdoptStyles>(() => {})

/**
 * A lazy view brings its own CSS in its chunk instead of the first load: adopted before the view first paints
 * (a layout effect), once per modal however often the view shows.
 */
export function useViewStyles(...sheets: string[]): void {
  const adopt = useContext(ViewStylesContext)
  // biome-ignore lint/correctness/useExhaustiveDependencies: the sheets are module constants
  useLayoutEffect(() => {
    for (const css of sheets) adopt(css)
  }, [adopt])
}
