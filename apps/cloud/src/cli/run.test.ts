import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seedWallets } from '../directory/catalogue/index.js'
import { DirectoryStore } from '../directory/index.js'
import { SponsorshipStore } from '../paymaster/index.js'
import { ProjectStore } from '../projects/index.js'
import { startTestCloud, type TestCloud } from '../test-support/cloud.js'
import { UsageError } from './errors.js'
import { runCli } from './run.js'

let cloud: TestCloud
let dir: string

beforeAll(async () => {
  cloud = await startTestCloud()
  dir = await mkdtemp(join(tmpdir(), 'cloud-cli-'))
})
afterAll(async () => {
  await cloud?.close()
  if (dir) await rm(dir, { recursive: true, force: true })
})

async function cli(...argv: string[]): Promise<string> {
  const lines: string[] = []
  const { db } = cloud.services.database
  const backend = {
    projects: new ProjectStore(db, 0),
    sponsorship: new SponsorshipStore(db),
    directory: new DirectoryStore(db),
  }
  await runCli(argv, backend, (text) => lines.push(text))
  cloud.services.projects.invalidate()
  return lines.join('\n')
}

describe('admin CLI', () => {
  it('adds and edits a project that the server then serves', async () => {
    await cli(
      'project',
      'add',
      'shop',
      '--name',
      'Shop',
      '--origin',
      'https://*.shop.example',
      '--feature',
      'multi_wallet=on',
    )
    const { features: initial } = (await (await cloud.get('/appkit/v1/config?projectId=shop')).json()) as {
      features: { id: string; isEnabled: boolean }[]
    }
    // Every feature the product offers starts on: activity (the Account view's tab), swaps, social login, on-ramp.
    for (const id of ['activity', 'swap', 'social_login', 'onramp']) {
      expect(initial.find((f) => f.id === id)?.isEnabled, id).toBe(true)
    }
    const origin = { headers: { origin: 'https://www.shop.example' } }
    expect(await (await cloud.get('/projects/v1/origins?projectId=shop', origin)).json()).toEqual({
      allowedOrigins: ['https://*.shop.example'],
    })
    await cli(
      'project',
      'edit',
      'shop',
      '--add-origin',
      'https://shop.example',
      '--remove-origin',
      'https://*.shop.example',
      '--analytics',
      'off',
      '--feature',
      'social_login=on',
      '--feature-config',
      'social_login=["google","github"]',
    )
    expect((await cloud.get('/appkit/v1/config?projectId=shop', origin)).status).toBe(403)
    expect(await (await cloud.get('/getAnalyticsConfig?projectId=shop')).json()).toEqual({
      isAnalyticsEnabled: false,
    })
    const { features } = (await (await cloud.get('/appkit/v1/config?projectId=shop')).json()) as {
      features: { id: string; isEnabled: boolean; config: unknown }[]
    }
    expect(features.find((f) => f.id === 'social_login')).toEqual({
      id: 'social_login',
      isEnabled: true,
      config: ['google', 'github'],
    })
    expect(features.find((f) => f.id === 'multi_wallet')?.isEnabled).toBe(true)
    expect(await cli('project', 'list')).toContain('shop\tShop\tanalytics off\thttps://shop.example')
    await cli('project', 'remove', 'shop')
    expect((await cloud.get('/getAnalyticsConfig?projectId=shop')).status).toBe(401)
  })

  it('refuses bad input with a reason', async () => {
    await expect(cli('project', 'add', 'x')).rejects.toThrow(UsageError)
    await expect(cli('project', 'add', 'x', '--name', 'X', '--feature', 'warp=on')).rejects.toThrow(
      /feature id/,
    )
    await expect(cli('project', 'add', 'x', '--name', 'X', '--origin', 'not an origin')).rejects.toThrow(
      /origin/,
    )
    for (const config of ['["myspace"]', '["google","google"]', '[]', '"google"'])
      await expect(
        cli('project', 'add', 'x', '--name', 'X', '--feature-config', `social_login=${config}`),
        config,
      ).rejects.toThrow(/social_login's config/)
    await expect(cli('project', 'add', 'allaccess-local', '--name', 'Again')).rejects.toThrow(
      /already exists/,
    )
    await expect(cli('project', 'edit', 'missing', '--name', 'Y')).rejects.toThrow(/No project/)
    await expect(cli('frobnicate')).rejects.toThrow(/unknown command/)
    await expect(cli('project', 'list', '--bogus')).rejects.toThrow(UsageError)
    expect(await cli('--help')).toContain('Usage: npm run cloud')
  })

  it('imports wallets from a file, validated, and loads the fixture', async () => {
    const [template] = seedWallets()
    const file = join(dir, 'wallets.json')
    await writeFile(
      file,
      JSON.stringify([{ ...template, id: 'cli-wallet', name: 'Cli Wallet', rdns: 'com.example.cli' }]),
    )
    expect(await cli('wallets', 'import', file)).toBe(`imported ${file}: 1 added, 0 updated`)
    expect(await cli('wallets', 'import', file)).toBe(`imported ${file}: 0 added, 1 updated`)
    await writeFile(file, JSON.stringify([{ ...template, id: 'Bad Id' }]))
    await expect(cli('wallets', 'import', file)).rejects.toThrow(/\[0\]\.id/)
    await writeFile(file, '{ not json')
    await expect(cli('wallets', 'import', file)).rejects.toThrow(/cannot read/)
    expect(await cli('wallets', 'fixture', '--count', '50')).toBe(
      'fixture of 50 wallets: 50 added, 0 updated',
    )
    await cloud.services.directory.reload()
    const page = (await (await cloud.get('/getWallets?projectId=allaccess-local&search=cli')).json()) as {
      data: { id: string }[]
    }
    expect(page.data.map((w) => w.id)).toContain('cli-wallet')
  })
})
