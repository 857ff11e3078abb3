import { hexChainId } from '../state'
import type { MethodHandler } from './context'

export const ethChainId: MethodHandler = async ({ state }) => hexChainId(state.chainId)

export const netVersion: MethodHandler = async ({ state }) => String(state.chainId)
