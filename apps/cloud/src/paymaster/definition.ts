import { ADMIN_PREFIX } from '../admin/routes.js'
import type { Database } from '../db/index.js'
import type { Upstreams } from '../gateway/upstream.js'
import { LOCAL_PROJECT, type ProjectStore } from '../projects/index.js'
import { defineService } from '../service/define.js'
import { sponsorshipAdminRoutes } from './admin.js'
import { paymasterConfig } from './config.js'
import { LOCAL_SPONSORSHIP_POLICY } from './policy.js'
import { paymasterRoutes } from './routes.js'
import { PaymasterService } from './service.js'
import { SponsorshipStore } from './store.js'
import * as tables from './tables.js'

/** The ERC-7677 paymaster service (`/v1/paymaster`) and the sponsorship policies' admin routes. */
export const paymasterService = defineService({
  name: 'paymaster',
  tables,
  env: paymasterConfig,
  open: async ({ database, upstreams }: { database: Database; upstreams: Upstreams }, { config }) => {
    const sponsorship = new SponsorshipStore(database.db)
    // The local project sponsors the devnet pass's mint unless its policy was set otherwise.
    await sponsorship.ensurePolicy(LOCAL_PROJECT.id, LOCAL_SPONSORSHIP_POLICY)
    return { sponsorship, paymaster: new PaymasterService(sponsorship, upstreams, config.paymaster) }
  },
  routes: async (
    app,
    {
      projects,
      sponsorship,
      paymaster,
    }: { projects: ProjectStore; sponsorship: SponsorshipStore; paymaster: PaymasterService },
    { adminToken },
  ) => {
    await app.register(paymasterRoutes, { projects, paymaster })
    await app.register(sponsorshipAdminRoutes, {
      prefix: ADMIN_PREFIX,
      projects,
      sponsorship,
      paymaster,
      adminToken,
    })
  },
})
