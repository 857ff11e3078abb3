export { type CloudConfig, type ConfigOverrides, loadConfig } from './config.js'
export { ConfigError } from './errors.js'
