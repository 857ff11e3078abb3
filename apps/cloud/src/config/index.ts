export { type ConfigOf, type ConfigOverrides, type CoreConfig, readConfig } from './config.js'
export { ConfigError } from './errors.js'
export { listeningUrl, PublicUrl } from './public-url.js'
