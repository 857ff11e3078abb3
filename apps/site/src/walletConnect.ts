import { addWalletConnectConnector } from '@allaccess/modal/evm'
import { env } from './env'
import { metadata } from './metadata'
import { wagmiConfig } from './wagmi'

/**
 * Mobile wallets by QR code or app link. Registered at run time (the modal's first use, or a stored session on
 * load), so none of its code is in the page's first load. Its reads go to the config's transports, so none
 * leaves for a public RPC.
 */
export const addWalletConnect = () =>
  addWalletConnectConnector(wagmiConfig, {
    projectId: env.walletConnect.projectId,
    relayUrl: env.walletConnect.relayUrl,
    metadata,
    telemetryEnabled: false,
    verifyUrl: env.walletConnect.verifyUrl,
  })
