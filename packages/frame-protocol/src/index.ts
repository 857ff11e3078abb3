export * from './constants'
export {
  FRAME_CHAIN_NAMESPACE,
  FRAME_SOLANA_NAMESPACE,
  SIWX_MESSAGE_MAX_LENGTH,
  THEME_VARIABLES_MAX,
} from './fields'
export * from './messages'
