import { addEmbeddedWalletConnector } from '@allaccess/modal/evm'
import { env } from './env'
import { wagmiConfig } from './wagmi'

/**
 * The e-mail wallet: its connector (and frame) are added at run time, like WalletConnect's, so nothing of them is
 * in the page's first load. The frame reads and sends through the cloud's gateway.
 */
export const addEmbeddedWallet = () =>
  addEmbeddedWalletConnector(wagmiConfig, {
    frameUrl: env.frameUrl,
    projectId: env.projectId,
    rpcUrl: (chainId) =>
      `${env.cloudUrl}/v1/?chainId=eip155:${chainId}&projectId=${encodeURIComponent(env.projectId)}`,
    version: '0.1.0',
  })
