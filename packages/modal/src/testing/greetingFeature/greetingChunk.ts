import { createElement } from 'react'
import type { FeatureContext } from '../../app/featureContext'
import type { EntryOf } from '../../kernel/routes'

export function createGreetingFeature({ modal }: FeatureContext) {
  return { greet: (name: string) => modal.navigate({ view: 'Greeting', data: { name } }) }
}

export type GreetingFeature = ReturnType<typeof createGreetingFeature>

export const chunk = {
  create: createGreetingFeature,
  views: {
    Greeting: {
      title: () => 'Greeting',
      Component: ({ entry }: { entry: EntryOf<'Greeting'> }) =>
        createElement('p', { className: 'greeting' }, `Hello, ${entry.data.name}`),
    },
  },
  css: '.greeting { font-weight: 600; }',
}
