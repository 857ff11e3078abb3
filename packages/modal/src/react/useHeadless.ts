import { useEffect, useMemo } from 'react'
import type { OpenOptions } from '../app/modal'
import type { WalletOption } from '../features/connect/walletSections'
import { type BalancesState, createBalances } from '../headless/balances'
import {
  type ConnectMenu,
  type ConnectMenuState,
  createConnectMenu,
  type WalletSectionRows,
} from '../headless/connectMenu'
import { createSendFlow, type SendFlow, type SendState } from '../headless/send'
import type { RouteEntry } from '../kernel/routes'
import { useModalInstance } from './context'
import { useModalAccount } from './useModal'
import { useStore } from './useStore'

/**
 * A connect menu of your own (docs/packages.md#headless): the methods, wallet rows and switches of the modal's
 * Connect view, and its actions. It fetches what the menu lists once mounted; on the server, and until then,
 * `ready` is false.
 */
export function useConnectMenu(): ConnectMenuState & Omit<ConnectMenu, 'getState' | 'subscribe'> {
  const modal = useModalInstance()
  const menu = useMemo(() => createConnectMenu(modal), [modal])
  const state = useStore(menu)
  useEffect(() => {
    void menu.load()
  }, [menu])
  return { ...state, load: menu.load, select: menu.select, accept: menu.accept }
}

/** The wallet list by section (WalletConnect, recent, installed, featured, custom, external, recommended). */
export function useWalletSections(): {
  sections: WalletSectionRows[]
  select: (wallet: WalletOption) => Promise<void>
} {
  const { sections, select } = useConnectMenu()
  return { sections, select }
}

/** The connected account's balances; read when an account is connected, again when it changes. */
export function useBalances(): BalancesState {
  const modal = useModalInstance()
  const balances = useMemo(() => createBalances(modal), [modal])
  const { caipAddress, status } = useModalAccount()
  useEffect(() => {
    if (caipAddress && status === 'connected') void balances.load()
  }, [balances, caipAddress, status])
  return useStore(balances)
}

/** Send from a form of your own; `state` is undefined until the account feature has loaded (`start()` loads it). */
export function useSend(): { state: SendState | undefined } & Omit<SendFlow, 'getState' | 'subscribe'> {
  const modal = useModalInstance()
  const flow = useMemo(() => createSendFlow(modal), [modal])
  const state = useStore(flow)
  return {
    state,
    start: flow.start,
    setToken: flow.setToken,
    setAmount: flow.setAmount,
    setReceiver: flow.setReceiver,
    max: flow.max,
    preview: flow.preview,
    confirm: flow.confirm,
    edit: flow.edit,
  }
}

/**
 * The view `open(options)` would show now, by the opening rules (docs/behaviour.md#opening): Connect, Account,
 * UnsupportedChain, SwitchActiveChain… A custom button shows its own panel for it, or opens the modal.
 */
export function useViewToOpen(options?: OpenOptions): RouteEntry {
  const modal = useModalInstance()
  // The rules read the account and its namespace: render again when they change.
  useModalAccount()
  return modal.viewToOpen(options)
}
