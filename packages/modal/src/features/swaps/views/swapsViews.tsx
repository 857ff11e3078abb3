import type { ViewDefinitions } from '../../../ui/shell/registry'
import { SwapPreviewView } from './SwapPreviewView'
import { SwapSelectTokenView } from './SwapSelectTokenView'
import { SwapView } from './SwapView'

/** The swaps' views by route (docs/behaviour.md#swaps): in the swaps chunk, fetched with the modal's features. */
export const swapsViews: ViewDefinitions = {
  Swap: { title: () => 'Swap', Component: SwapView },
  SwapSelectToken: {
    title: (_, entry) => (entry.data.side === 'from' ? 'Token to Pay' : 'Token to Receive'),
    Component: ({ entry }) => <SwapSelectTokenView side={entry.data.side} />,
  },
  SwapPreview: { title: () => 'Review Swap', Component: SwapPreviewView },
}
