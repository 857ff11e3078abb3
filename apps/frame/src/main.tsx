import {
  FRAME_ERROR_TEXTS,
  FRAME_SOLANA_NAMESPACE,
  type FrameError,
  frameMessages,
  PROVIDER_ERROR_CODES,
} from '@allaccess/frame-protocol'
import { isLoopbackOrigin } from '@allaccess/protocol'
import { createRoot } from 'react-dom/client'
import { BaseError } from 'viem'
import { CloudError, createCloudApi } from './cloudApi'
import { DeviceApprovalTimedOutError, DeviceNotApprovedError } from './deviceApproval'
import { createDeviceKey } from './deviceKey'
import { replyThenReload, startHostChannel } from './hostChannel'
import { embeddingOrigins, servesEmbedding } from './hostOrigin'
import { checkChainId, checkRpcUrl, ParamsError, readParams } from './params'
import { createPermissionStore } from './permissions'
import { requestNetwork } from './requestNetwork'
import { ProviderError } from './rpc'
import { createRpcHandler, type Network } from './rpcHandler'
import { createSessionUpdates } from './sessionHandle'
import { createSmartAccount, SmartAccountUnavailableError } from './smartAccount'
import { listenForSocialCompletion } from './socialCallback'
import { createSolanaRequests } from './solana/frameRequests'
import { applyTheme } from './theme'
import { App, NotAllowed } from './ui/App'
import { AbortedError, createScreens } from './ui/screens'
import { createUserHandlers } from './userHandlers'
import './ui/styles.css'
import { openUsableVault, STORAGE_REFUSED_EXPLANATION } from './storage'
import { createWallet, ExportNotAllowedError, NotSignedInError, SocialNotFinishedError } from './wallet'

/** The cloud this frame belongs to (build time, like the site's). */
const cloudUrl = (import.meta.env.VITE_CLOUD_URL ?? 'http://127.0.0.1:8787').replace(/\/+$/, '')

/** The pages that embed the frame, its host first (hostOrigin.ts). */
const embedding = embeddingOrigins({
  ancestorOrigins: window.location.ancestorOrigins ? [...window.location.ancestorOrigins] : undefined,
  framed: window.parent !== window,
  parentIsTop: window.parent === window.top,
  referrer: document.referrer,
})
/** Loopback host pages are served by a development build, or by a frame served from loopback itself. */
const development = import.meta.env.DEV || isLoopbackOrigin(window.location.origin)

/** What a failed request tells the host: our own refusals in full, anything unexpected as the default text. */
function describeError(error: unknown): FrameError {
  if (error instanceof ProviderError) return { message: error.message, code: error.code }
  if (error instanceof AbortedError)
    return { message: FRAME_ERROR_TEXTS.rpcAborted, code: PROVIDER_ERROR_CODES.userRejected }
  if (error instanceof DOMException && error.name === 'AbortError')
    return { message: FRAME_ERROR_TEXTS.aborted }
  if (error instanceof NotSignedInError)
    return { message: error.message, code: PROVIDER_ERROR_CODES.unauthorized }
  if (
    error instanceof CloudError ||
    error instanceof ParamsError ||
    error instanceof ExportNotAllowedError ||
    error instanceof SocialNotFinishedError ||
    error instanceof SmartAccountUnavailableError ||
    error instanceof DeviceNotApprovedError ||
    error instanceof DeviceApprovalTimedOutError
  )
    return { message: error.message }
  if (error instanceof BaseError) return { message: error.shortMessage }
  return { message: FRAME_ERROR_TEXTS.default }
}

async function start() {
  const root = createRoot(document.getElementById('root') as HTMLElement)
  const origin = embedding?.[0]
  let params: ReturnType<typeof readParams>
  try {
    params = readParams(window.location.search, cloudUrl)
  } catch {
    root.render(<NotAllowed />)
    return
  }
  // No page outside the project's allowlist gets a word from the frame: not even `ready`. Nor one inside a page
  // outside it.
  const allowed = await createCloudApi({ cloudUrl, projectId: params.projectId })
    .allowedOrigins()
    .then(
      ({ allowedOrigins }) =>
        embedding !== undefined && servesEmbedding(allowedOrigins, embedding, development),
      () => false,
    )
  if (!origin || !allowed) {
    root.render(<NotAllowed />)
    return
  }

  // This project's and host site's own storage: another project or site embedding the frame finds nothing of it.
  const opened = await openUsableVault(() => window.indexedDB, {
    projectId: params.projectId,
    hostOrigin: origin,
  })
  if ('refused' in opened) {
    // No `ready`: the host's wait ends in 'Network Error - Could not load embedded wallet'; the console says why.
    console.error(STORAGE_REFUSED_EXPLANATION, opened.refused)
    return
  }
  const { vault } = opened
  /** Who embeds the frame (syncDappData): its SDK's type and version go with the frame's cloud calls. */
  let sdk: { sdkType?: string; sdkVersion?: string } = {}
  const cloud = createCloudApi({
    cloudUrl,
    projectId: params.projectId,
    device: createDeviceKey(vault),
    site: origin,
    sdk: () => sdk,
  })
  const permissions = createPermissionStore({ vault, now: () => Math.floor(Date.now() / 1000) })
  // No permission outlives the session it was granted in: sign-out, or the cloud refusing the session.
  const screens = createScreens((visible) => channel.post(frameMessages.visibility(visible)))
  const wallet = createWallet({
    cloud,
    vault,
    sessionEnded: permissions.clear,
    showWaiting: screens.showWaiting,
  })
  /** While signed in on a device that holds the wallet, new devices that ask for it are put to the user here. */
  let watching: AbortController | undefined
  const watchNewDevices = () => {
    if (watching) return
    const current = new AbortController()
    watching = current
    void wallet
      .watchNewDevices((device) => screens.askNewDevice(device, current.signal), current.signal)
      .catch(() => {})
      .finally(() => {
        if (watching === current) watching = undefined
      })
  }
  const stopWatching = () => {
    watching?.abort()
    watching = undefined
  }
  let network: Network = { chainId: params.chainId, rpcUrl: params.rpcUrl }
  let site = origin
  let approvals = new AbortController()
  const smartAccount = createSmartAccount({
    cloudUrl,
    projectId: params.projectId,
    vault,
    account: wallet.account,
    network: () => network,
    approve: (request) => screens.ask(request, approvals.signal),
  })
  const handleRpc = createRpcHandler({
    account: wallet.account,
    signedIn: wallet.hasSession,
    network: () => network,
    approve: (request) => screens.ask(request, approvals.signal),
    refused: () => screens.notify(FRAME_ERROR_TEXTS.notAllowedToUser),
    permissions,
    site: origin,
    smartCalls: smartAccount.smartCalls,
  })

  const solanaRequest = createSolanaRequests({
    account: wallet.solanaAccount,
    approve: (request) => screens.ask(request, approvals.signal),
    refused: () => screens.notify(FRAME_ERROR_TEXTS.notAllowedToUser),
    cloudUrl,
    projectId: params.projectId,
  })

  const sessions = createSessionUpdates({
    token: async () => (await vault.get<{ token: string }>('session'))?.token,
    post: (handle) => channel.post(frameMessages.sessionUpdate(handle)),
  })

  // The social callback hands its code to the frame (through its completion page), never to the host page.
  listenForSocialCompletion(wallet.completeSocial)

  const channel = startHostChannel({
    window,
    hostOrigin: origin,
    describeError,
    afterEach: sessions.check,
    handlers: {
      switchNetwork: async ({ chainId, rpcUrl }) => {
        network = { chainId: checkChainId(chainId), rpcUrl: checkRpcUrl(rpcUrl, cloudUrl) }
        return { chainId }
      },
      connectEmail: async ({ email }) => ({ action: await wallet.connectEmail(email) }),
      connectDevice: async (_payload, signal) => {
        await wallet.connectDevice(signal)
        return {}
      },
      connectOtp: async ({ otp }) => ({ action: await wallet.connectOtp(otp) }),
      getSocialRedirectUri: async ({ provider }) => ({
        uri: await wallet.socialRedirectUri(provider, origin),
      }),
      ...createUserHandlers({
        wallet,
        network: () => network,
        cloudUrl,
        handleRpc,
        signedIn: watchNewDevices,
        accountTypes: smartAccount.types,
      }),
      socialPopupClosed: async () => {
        wallet.socialPopupClosed()
        return {}
      },
      getSocialReauthUri: async () => ({ uri: await wallet.socialReauthUri(origin) }),
      getFarcasterUri: async () => ({ url: await wallet.farcasterUri(origin) }),
      connectFarcaster: async (_payload, signal) => {
        await wallet.connectFarcaster(signal)
        return {}
      },
      completeFarcaster: async ({ completion }) => {
        const { username } = await wallet.completeFarcaster(completion)
        if (!username) throw new NotSignedInError()
        return { username }
      },
      signOut: async () => {
        stopWatching()
        approvals.abort()
        approvals = new AbortController()
        await wallet.signOut()
        return {}
      },
      signOutEverywhere: async () => {
        stopWatching()
        approvals.abort()
        approvals = new AbortController()
        await wallet.signOutEverywhere()
        return {}
      },
      // With a session handle: connected only while the frame's session is still that one.
      isConnected: async ({ token }) => ({
        isConnected:
          (token === undefined || token === (await sessions.current())) && (await wallet.isConnected()),
      }),
      getChainId: async () => ({ chainId: network.chainId }),
      ...smartAccount.handlers,
      reload: replyThenReload(() => window.location.reload()),
      // Its own network when it names an rpcUrl; else the current one (on another chain: 4901 as before).
      rpcRequest: async ({ chainNamespace, rpcUrl, chainId, ...request }) => {
        if (chainNamespace === FRAME_SOLANA_NAMESPACE)
          return { result: await solanaRequest({ ...request, chainId }, rpcUrl) }
        if (typeof chainId !== 'number') throw new ParamsError('Unsupported chain')
        const named = rpcUrl === undefined ? {} : { chainId, rpcUrl }
        const on = requestNetwork(network, { chainNamespace, ...named }, cloudUrl)
        return { result: await handleRpc({ ...request, chainId }, on) }
      },
      rpcAbort: async () => {
        approvals.abort()
        approvals = new AbortController()
        return {}
      },
      updateEmail: async ({ email }) => ({ action: await wallet.updateEmail(email) }),
      updateEmailPrimaryOtp: async ({ otp }) => ({ action: await wallet.verifyPrimaryOtp(otp) }),
      updateEmailSecondaryOtp: async ({ otp }) => {
        return { newEmail: (await wallet.verifySecondaryOtp(otp)) ?? '' }
      },
      syncTheme: async (theme) => {
        applyTheme(document.documentElement, theme)
        return {}
      },
      syncDappData: async ({ metadata, sdkType, sdkVersion }) => {
        site = metadata.name ? `${metadata.name} (${origin})` : origin
        sdk = { ...(sdkType ? { sdkType } : {}), ...(sdkVersion ? { sdkVersion } : {}) }
        return {}
      },
      exportKey: async () => {
        const { email, provider, username } = await wallet.user()
        await screens.showExport({ email, provider, username })
        return {}
      },
    },
  })

  root.render(
    <App
      screens={screens}
      site={() => site}
      startExport={(showLink, signal) => wallet.startExport({ hostOrigin: origin, showLink, signal })}
      revealKey={wallet.exportKey}
      reopenSocialPopup={() => channel.post(frameMessages.socialReauthAgain())}
    />,
  )
}

void start()
