export * from './accountAbstraction'
export * from './alto'
export * from './anvil'
export * from './compile'
export * from './deploy'
export * from './deployment'
export { deploymentsModulePath, renderDeploymentsModule } from './deploymentsModule'
export * from './devnet'
export * from './paymasterGrant'
export {
  defaultNamesSetup,
  devnetPools,
  devnetSeed,
  type NamesSetup,
  type PoolName,
  SEEDED_ACCOUNTS,
  type SeededToken,
  SPAM_TOKEN_ID,
} from './seeding'
export * from './uniswap'
