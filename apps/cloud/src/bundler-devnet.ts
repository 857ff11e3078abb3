import {
  type AltoInstance,
  type AnvilInstance,
  type Deployment,
  deployAll,
  startAlto,
  startAnvil,
} from '@allaccess/chain'
import { type RunningCloud, startCloud } from './cloud.js'

/** Anvil with the contracts, Alto on it, and an in-memory cloud whose gateway and bundler routes are those two. */
export type BundlerDevnet = {
  anvil: AnvilInstance
  alto: AltoInstance
  cloud: RunningCloud
  deployment: Deployment
  /** Stops the cloud, then Alto, then anvil. */
  close(): Promise<void>
}

/**
 * The smart-account stack the frame's, the modal's and the testkit's tests run against (each part on a free
 * loopback port); what was started is stopped again if a later part fails to start.
 */
export async function startBundlerDevnet(): Promise<BundlerDevnet> {
  const anvil = await startAnvil({ port: 0 })
  let alto: AltoInstance | undefined
  try {
    const deployment = await deployAll({ rpcUrl: anvil.rpcUrl, writeModule: false })
    alto = await startAlto({ rpcUrl: anvil.rpcUrl, port: 0 })
    const cloud = await startCloud({
      port: 0,
      host: '127.0.0.1',
      dataDir: 'memory://',
      env: {
        LOG_LEVEL: 'silent',
        INDEXER: '0',
        RPC_UPSTREAM_31337: anvil.rpcUrl,
        BUNDLER_UPSTREAM_31337: alto.bundlerUrl,
      },
    })
    const started = alto
    return {
      anvil,
      alto: started,
      cloud,
      deployment,
      close: async () => {
        await cloud.close()
        await started.stop()
        await anvil.stop()
      },
    }
  } catch (error) {
    await alto?.stop()
    await anvil.stop()
    throw error
  }
}
