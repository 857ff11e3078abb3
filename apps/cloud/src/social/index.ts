export { readCompletionPage } from './callback-page.js'
export { parseSocialConfig, type SocialConfig, type SocialProviderConfig } from './config.js'
export { socialRoutes } from './routes.js'
export { SocialService } from './service.js'
