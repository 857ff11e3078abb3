export { bundlerService } from './definition.js'
export { BUNDLER_METHODS } from './methods.js'
export { BUNDLER_PATH } from './routes.js'
