import type { FeatureContext } from '../../app/featureContext'
import type { FeatureModule } from '../../kernel/feature'
import type { GreetingFeature } from './greetingChunk'

// The feature's route, added from its own folder: the kernel's Routes is not edited.
declare module '../../kernel/routes' {
  interface Routes {
    Greeting: { name: string }
  }
}

/** A test-only feature module: a controller, a view and its CSS, loaded as one chunk on first use. */
export const greetingFeature: FeatureModule<GreetingFeature, FeatureContext> = {
  id: 'greeting',
  load: () => import('./greetingChunk').then((module) => module.chunk),
}
