import type { FeatureContext } from '../../app/featureContext'
import type { FeatureModule } from '../../kernel/feature'
import type { ConnectFeature } from './connectChunk'

/** The connect feature every modal has: configuration, wallet picker, directory and alerts (one chunk). */
export const connectFeature: FeatureModule<ConnectFeature, FeatureContext> = {
  id: 'connect',
  load: () => import('./connectChunk').then((module) => module.chunk),
}
