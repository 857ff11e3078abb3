import type { TokenBalance } from '@allaccess/protocol'
import type { Modal } from '../app/modal'
import { accountFeature } from '../features/account/accountFeature'
import { nativeOf, type SendState } from '../features/account/send/createSend'
import { deriveFromFeature, type Readable } from './readable'

export type { SendState, SendStep } from '../features/account/send/createSend'

/**
 * Send, by the modal's rules (docs/behaviour.md#send): the same checks, fee estimate and texts. `preview()`
 * checks the form and estimates the fee into `plan`; `confirm()` asks the wallet to send exactly that plan.
 */
export type SendFlow = Readable<SendState | undefined> & {
  /**
   * Loads the account feature (once) and starts an empty form with `token` picked; by default the native coin
   * (the token balances are read first when they have not been).
   */
  start(token?: TokenBalance): Promise<void>
  setToken(token: TokenBalance | undefined): void
  setAmount(amount: string): void
  setReceiver(receiver: string): void
  /** The token's whole balance; for the native coin, less the fee once it is known. */
  max(): void
  preview(): Promise<void>
  confirm(): Promise<void>
  /** Back to the form from the preview or a failure. */
  edit(): void
}

/** Send for a site's own UI: `getState()` is undefined until the account feature has loaded. */
export function createSendFlow(modal: Modal): SendFlow {
  const readable = deriveFromFeature(modal, accountFeature, {
    stores: (account) => [account.send.state],
    inputs: (account) => [account?.send.state.getState()],
    compute: (account) => account?.send.state.getState(),
  })
  const send = () => modal.feature(accountFeature).send
  /** Before the feature loads there is no form to act on: the action waits for it. */
  const act =
    <A extends unknown[]>(action: (...args: A) => unknown) =>
    (...args: A) => {
      if (modal.featureViews()) return void action(...args)
      void modal.loadFeatures().then(() => action(...args))
    }
  return {
    ...readable,
    async start(token) {
      await modal.loadFeatures()
      const account = modal.feature(accountFeature)
      // The native coin is picked from the token balances: read them first when nothing has yet.
      if (!token && account.state.getState().tokenBalance === undefined) await account.loadTokens()
      const flow = send()
      flow.reset()
      flow.setToken(token ?? nativeOf(account.state.getState().tokenBalance))
    },
    setToken: act((token: TokenBalance | undefined) => send().setToken(token)),
    setAmount: act((amount: string) => send().setAmount(amount)),
    setReceiver: act((receiver: string) => send().setReceiver(receiver)),
    max: act(() => send().max()),
    edit: act(() => send().edit()),
    preview: () => modal.loadFeatures().then(() => send().preview()),
    confirm: () => modal.loadFeatures().then(() => send().confirm()),
  }
}
