export { type CloudConfig, type ConfigOverrides, type CoreConfig, loadConfig } from './config.js'
export { ConfigError } from './errors.js'
export { listeningUrl, PublicUrl } from './public-url.js'
