import { labelProblem, nameMessage, normaliseName } from '@allaccess/protocol'
import { identityKey } from '../../api/cacheKeys'
import type { NamesClient } from '../../api/createNamesClient'
import { CloudHttpError } from '../../api/errors'
import { NameError, NameErrorText } from '../../api/nameErrors'
import type { FeatureContext } from '../../app/featureContext'
import { KernelError } from '../../kernel/errors'
import { createStore } from '../../kernel/store'
import { NAME_LOOKUP_CACHE_MS, NAME_SEARCH_DELAY_MS } from './constants'

export type NameSuggestion = { name: string; registered: boolean }

export type NamesState = {
  /** What the visitor typed. */
  input: string
  /** The rule the input breaks, as the visitor reads it (docs/behaviour.md#names). */
  problem: string | undefined
  /** For the input: the name itself (taken or not), then free alternatives; undefined until known. */
  suggestions: NameSuggestion[] | undefined
  searching: boolean
  registering: boolean
  /** The last failure as the visitor reads it: the cloud's first reason, else ours (docs/behaviour.md#names). */
  error: string | undefined
}

const namesKey = (...parts: string[]) => `names:${parts.join(':')}`

/** The cloud's first reason when it gave one, else the catalogue's text. */
const describe = (error: unknown, fallback: string) =>
  (error instanceof CloudHttpError && error.reasons[0]) || fallback

/**
 * Names (docs/behaviour.md#names): suggestions as the visitor types a name, and registration — the message is
 * signed first, then the cloud verifies it and keeps the name. Registration is offered to the embedded (AUTH)
 * wallet only, on a configured network.
 */
export function createNamesFeature({ options, env, chains, modal, analytics, cache }: FeatureContext) {
  const state = createStore<NamesState>({
    input: '',
    problem: undefined,
    suggestions: undefined,
    searching: false,
    registering: false,
    error: undefined,
  })
  let timer: unknown
  let asked = 0

  async function client(): Promise<NamesClient> {
    if (!options.api?.names) throw new NameError('noCloud')
    return options.api.names()
  }

  function setInput(input: string) {
    const label = normaliseName(input)
    const problem = label ? labelProblem(label) : undefined
    env.clock.clearTimeout(timer)
    asked++
    state.setState({ input, problem, error: undefined, suggestions: undefined, searching: false })
    if (!label || problem) return
    timer = env.clock.setTimeout(() => void search(label), NAME_SEARCH_DELAY_MS)
  }

  async function search(label: string) {
    const mine = ++asked
    state.setState({ searching: true })
    try {
      const suggestions = await cache.fetch({
        key: namesKey('suggestions', label),
        staleMs: NAME_LOOKUP_CACHE_MS,
        fetch: async () => (await client()).suggestions(label),
      })
      if (mine === asked) state.setState({ suggestions, searching: false })
    } catch (error) {
      if (mine === asked)
        state.setState({ error: describe(error, NameErrorText.suggestions), searching: false })
    }
  }

  /** The names of `address` (cached 5 minutes); empty when it has none; 'Error fetching names for address' when the cloud can't say. */
  async function namesOf(address: string): Promise<string[]> {
    try {
      const entries = await cache.fetch({
        key: namesKey('reverse', address.toLowerCase()),
        staleMs: NAME_LOOKUP_CACHE_MS,
        fetch: async () => (await client()).reverse(address),
      })
      return entries.map((entry) => entry.name)
    } catch (error) {
      throw new NameError('namesOfAddress', {
        cause: error,
        text: describe(error, NameErrorText.namesOfAddress),
      })
    }
  }

  /** Whether the connected wallet may register a name: the embedded wallet on a configured network. */
  function canRegister(): boolean {
    const account = chains.getAccount()
    return Boolean(account.address && account.network && account.connector?.type === 'AUTH')
  }

  /**
   * Sign, then register; a refusal or a cancel stays on RegisterAccountName with its text (docs/behaviour.md#names).
   */
  async function register(name: string): Promise<void> {
    if (state.getState().registering) return
    const network = chains.getActiveNetwork()
    const account = chains.getAccount()
    if (!modal.networks.some((candidate) => candidate.caipNetworkId === network.caipNetworkId)) {
      state.setState({ error: NameErrorText.networkNotFound })
      return
    }
    if (!account.address || account.connector?.type !== 'AUTH') {
      state.setState({ error: NameErrorText.noAuthConnector })
      return
    }
    const address = account.address
    state.setState({ registering: true, error: undefined })
    try {
      const [coinType] = chains.family(network.chainNamespace)?.nameCoinTypes(network) ?? []
      if (coinType === undefined) throw new KernelError('chainAdapterNotFound')
      const message = nameMessage(name, {}, Math.floor(env.clock.now() / 1000))
      const actions = await chains.adapterFor(network.chainNamespace).loadWalletActions?.()
      if (!actions) throw new KernelError('noWalletActions')
      const signature = await actions.signMessage(address, message)
      const entry = await (await client()).register({ coin_type: coinType, address, message, signature })
      // The account's name and the suggestions are no longer what the cache holds.
      cache.invalidate(identityKey(address))
      cache.invalidate(namesKey())
      state.setState({ registering: false, input: '', suggestions: undefined })
      analytics.track('REGISTER_NAME_SUCCESS', { name: entry.name })
      modal.navigate({ view: 'RegisterAccountNameSuccess', data: { name: entry.name } })
    } catch (error) {
      state.setState({ registering: false, error: describe(error, NameErrorText.registering(name)) })
      analytics.track('REGISTER_NAME_ERROR', {
        message: error instanceof Error ? error.message : String(error),
      })
    }
  }

  return {
    state,
    setInput,
    register,
    canRegister,
    namesOf,
    destroy: () => env.clock.clearTimeout(timer),
  }
}

export type NamesFeature = ReturnType<typeof createNamesFeature>
