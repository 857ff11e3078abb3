import type { FilledSlots, SlotFillers } from './slots'

/**
 * A feature module: what a feature adds to the modal (its controller, views and CSS), loaded as one chunk the
 * first time the modal is used, never with the page (docs/behaviour.md#features). The kernel knows features
 * only through this shape; a feature's folder holds the rest.
 */
export type FeatureModule<Controller = unknown, Context = unknown> = {
  /** Unique among the modal's features. */
  id: string
  /**
   * The features it can't work without, named by the module it needs (Farcaster: social, whose frame keeps its
   * sign-in): a modal whose `modules` lack one refuses to start, saying which to add.
   */
  requires?: readonly Pick<FeatureModule, 'id'>[]
  /** `() => import('./chunk')`: the feature's code, fetched on first use. */
  load(): Promise<FeatureChunk<Controller, Context>>
}

export type FeatureChunk<Controller, Context> = {
  /** Builds the feature's controller from the modal's parts; the modal calls it once (and `destroy()`, if it has one, when the modal is destroyed). */
  create(context: Context): Controller
  /** The views the feature adds, by route name; the UI renders them (a feature's routes augment `Routes`). */
  views?: Record<string, unknown>
  /** Its CSS, adopted into the modal's shadow root with the shell's. */
  css?: string
  /**
   * What it adds to another feature's view, by slot name (e.g. `connect:email`, the e-mail field of the Connect
   * view): the view renders what fills its slot (every feature's, in the modules' order), and nothing when no
   * feature does. Slots are typed like routes: the feature with the view declares each (kernel/slots.ts).
   */
  slots?: SlotFillers
}

/** The modal's features once loaded: each controller, and the views and CSS they bring. */
export type LoadedFeatures = {
  controllers: Map<string, unknown>
  views: Record<string, unknown>
  css: string[]
  /** Each slot's fillers, in the modules' order. */
  slots: FilledSlots
}

/**
 * Loads the features once, together, and builds their controllers in order (a later one may use an earlier
 * one's through the context it is given).
 */
export function createFeatureLoader<Context>(
  modules: readonly FeatureModule<unknown, Context>[],
  context: () => Context,
) {
  let loaded: LoadedFeatures | undefined
  let loading: Promise<LoadedFeatures> | undefined
  const ids = new Set<string>()
  for (const module of modules) {
    if (ids.has(module.id)) throw new Error(`Two features are named '${module.id}'`)
    ids.add(module.id)
  }
  for (const module of modules) {
    const missing = module.requires?.find((required) => !ids.has(required.id))
    if (missing) {
      throw new Error(`The feature '${module.id}' requires '${missing.id}': add it to the modal's modules`)
    }
  }

  function load(): Promise<LoadedFeatures> {
    loading ??= Promise.all(modules.map((module) => module.load())).then((chunks) => {
      const features: LoadedFeatures = { controllers: new Map(), views: {}, css: [], slots: {} }
      chunks.forEach((chunk, index) => {
        const id = modules[index]?.id ?? ''
        features.controllers.set(id, chunk.create(context()))
        Object.assign(features.views, chunk.views)
        const filled = features.slots as Record<string, unknown[]>
        for (const [slot, filler] of Object.entries(chunk.slots ?? {})) {
          filled[slot] = [...(filled[slot] ?? []), filler]
        }
        if (chunk.css) features.css.push(chunk.css)
      })
      loaded = features
      return features
    })
    return loading
  }

  /** A loaded feature's controller; throws before `load()` has finished. */
  function controller<C>(module: FeatureModule<C, Context>): C {
    if (!loaded) throw new Error(`The modal's features are not loaded yet: await modal.loadFeatures() first`)
    if (!loaded.controllers.has(module.id)) throw new Error(`The modal has no feature '${module.id}'`)
    return loaded.controllers.get(module.id) as C
  }

  /** Releases what the loaded controllers hold (subscriptions, timers): those with a `destroy()`. */
  function destroy() {
    for (const created of loaded?.controllers.values() ?? []) (created as { destroy?(): void }).destroy?.()
  }

  return { load, controller, loaded: () => loaded, destroy }
}
