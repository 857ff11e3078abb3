import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LOCAL_SPONSORSHIP_POLICY, SponsorshipStore } from '../paymaster/index.js'
import { LOCAL_PROJECT, ProjectStore } from '../projects/index.js'
import { messageOf, startTestCloud, type TestCloud } from '../test-support/cloud.js'
import type { CliBackend } from './backend.js'
import { UsageError } from './errors.js'
import { remoteProjects, remoteSponsorship } from './remote.js'
import { runCli } from './run.js'

let cloud: TestCloud
let dir: string
beforeAll(async () => {
  cloud = await startTestCloud()
  dir = await mkdtemp(join(tmpdir(), 'cloud-sponsorship-'))
})
afterAll(async () => {
  await cloud?.close()
  if (dir) await rm(dir, { recursive: true, force: true })
})

const local = (): CliBackend => {
  const { db } = cloud.services.database
  return { projects: new ProjectStore(db, 0), sponsorship: new SponsorshipStore(db), directory: undefined }
}
/** The CLI as it runs beside a cloud that holds the database: through the admin API. */
const remote = (): CliBackend => {
  const endpoint = { url: cloud.url, token: cloud.adminToken }
  return {
    projects: remoteProjects(endpoint),
    sponsorship: remoteSponsorship(endpoint),
    directory: undefined,
  }
}
async function cli(backend: CliBackend, ...argv: string[]): Promise<string> {
  const lines: string[] = []
  await runCli(argv, backend, (text) => lines.push(text))
  return lines.join('\n')
}

describe('the sponsorship policies', () => {
  it("give the local project the pass's mint by default", async () => {
    expect(LOCAL_SPONSORSHIP_POLICY).toEqual({
      enabled: true,
      calls: [
        {
          chainId: 31337,
          contract: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
          functions: ['mint()'],
          maxValueWei: '10000000000000000',
        },
      ],
      accountOpsPerDay: 3,
      opsPerDay: 1000,
      budgetWei: '10000000000000000000',
      maxGasPerOp: 1_500_000,
      maxFeePerGasWei: '10000000000',
      delegations: true,
    })
    expect(JSON.parse(await cli(local(), 'sponsorship', 'show', LOCAL_PROJECT.id))).toEqual(
      LOCAL_SPONSORSHIP_POLICY,
    )
  })

  for (const [name, backend] of [
    ['on the database', local],
    ['through the admin API', remote],
  ] as const)
    it(`are set, edited and removed with the CLI ${name}`, async () => {
      const id = `shop-${name.length}`
      await cli(backend(), 'project', 'add', id, '--name', 'Shop')
      expect(await cli(backend(), 'sponsorship', 'show', id)).toBe(
        `project ${id} has no sponsorship policy (it sponsors nothing)`,
      )
      const file = join(dir, `${id}.json`)
      const contract = '0x5fbdb2315678afecb367f032d93f642f64180aa3'
      await writeFile(
        file,
        JSON.stringify({
          ...LOCAL_SPONSORSHIP_POLICY,
          calls: [{ chainId: 31337, contract, functions: ['mint()'], maxValueWei: '0' }],
        }),
      )
      const set = JSON.parse(await cli(backend(), 'sponsorship', 'set', id, '--policy', file))
      // Stored checksummed, as the paymaster compares it.
      expect(set.calls[0].contract).toBe('0x5FbDB2315678afecb367f032d93F642f64180aa3')
      const edited = JSON.parse(
        await cli(
          backend(),
          'sponsorship',
          'edit',
          id,
          '--enabled',
          'off',
          '--ops-per-day',
          '7',
          '--budget-wei',
          '5',
        ),
      )
      expect(edited).toMatchObject({ enabled: false, opsPerDay: 7, budgetWei: '5', accountOpsPerDay: 3 })
      expect(await cloud.services.sponsorship.policy(id)).toEqual(edited)
      expect(await cli(backend(), 'sponsorship', 'grants', id)).toBe('')
      await cli(backend(), 'sponsorship', 'remove', id)
      expect(await cloud.services.sponsorship.policy(id)).toBeUndefined()
    })

  it('refuse a bad policy or flag with the reason', async () => {
    const file = join(dir, 'bad.json')
    await writeFile(file, JSON.stringify({ ...LOCAL_SPONSORSHIP_POLICY, budgetWei: '-1', extra: true }))
    await expect(cli(local(), 'sponsorship', 'set', LOCAL_PROJECT.id, '--policy', file)).rejects.toThrow(
      /invalid sponsorship policy:[\s\S]*"extra"[\s\S]*at budgetWei/,
    )
    await expect(cli(local(), 'sponsorship', 'set', LOCAL_PROJECT.id)).rejects.toThrow(UsageError)
    await expect(cli(local(), 'sponsorship', 'edit', LOCAL_PROJECT.id, '--enabled', 'maybe')).rejects.toThrow(
      /on or off/,
    )
    await expect(
      cli(local(), 'sponsorship', 'edit', LOCAL_PROJECT.id, '--ops-per-day', '3.5'),
    ).rejects.toThrow(/whole number/)
    await expect(cli(local(), 'sponsorship', 'show', 'missing')).rejects.toThrow(/No project/)
    await expect(cli(remote(), 'sponsorship', 'show', 'missing')).rejects.toThrow(/No project/)
  })

  it('are behind the admin token, and a missing one is a 404', async () => {
    const path = `/admin/v1/projects/${LOCAL_PROJECT.id}/sponsorship`
    const unauthorized = await cloud.get(path)
    expect(unauthorized.status).toBe(401)
    expect(await messageOf(unauthorized)).toBe('Unauthorized: invalid admin token')
    const headers = { authorization: `Bearer ${cloud.adminToken}` }
    expect((await cloud.get('/admin/v1/projects/missing/sponsorship', { headers })).status).toBe(404)
    const bad = await cloud.post(
      path,
      { ...LOCAL_SPONSORSHIP_POLICY, maxGasPerOp: 1e12 },
      { method: 'PUT', headers },
    )
    expect(bad.status).toBe(400)
  })
})
