import { chainId as devnetChainId } from '@allaccess/chain/deployments'

/** Anvil's account #1, the funded dev key the README publishes for wallets on the devnet (never used elsewhere). */
export const DEVNET_FUNDED_KEY = '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d'

export const isDevnet = (chainId: number) => chainId === devnetChainId

/** Without the faucet: a Foundry command that sends `to` 1 test ETH from the funded dev key. */
export function devnetFundingCommand({ to, rpcUrl }: { to: string; rpcUrl: string }): string {
  const quotedRpcUrl = `'${rpcUrl.replaceAll("'", `'\\''`)}'`
  return `cast send ${to} --value 1ether --private-key ${DEVNET_FUNDED_KEY} --rpc-url ${quotedRpcUrl}`
}
