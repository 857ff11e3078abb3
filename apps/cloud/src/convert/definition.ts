import type { Upstreams } from '../gateway/index.js'
import type { ProjectStore } from '../projects/index.js'
import { defineService } from '../service/define.js'
import { convertConfig } from './config.js'
import { convertRoutes } from './routes.js'
import { ConvertService } from './service.js'

export const convertService = defineService({
  name: 'convert',
  env: convertConfig,
  open: ({ upstreams }: { upstreams: Upstreams }, { config }) => ({
    convert: new ConvertService(upstreams, config.convert.exchanges, (idOrSymbol) =>
      config.publicUrl.http(`/public/getTokenImage/${idOrSymbol}`),
    ),
  }),
  routes: async (app, { projects, convert }: { projects: ProjectStore; convert: ConvertService }) => {
    await app.register(convertRoutes, { projects, convert })
  },
})
