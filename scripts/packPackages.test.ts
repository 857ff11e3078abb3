import { describe, expect, it } from 'vitest'
import { exportedFiles, type Manifest, publishedManifest } from './packPackages'

const workspace: Manifest = {
  name: '@allaccess/example',
  version: '1.2.3',
  private: true,
  type: 'module',
  exports: { '.': './src/index.ts' },
  publishConfig: {
    access: 'public',
    exports: { '.': { types: './dist/index.d.ts', default: './dist/index.js' }, './vite': './vite/index.js' },
  },
  scripts: { test: 'vitest run' },
  dependencies: { zod: '^4.6.7' },
  devDependencies: { vitest: '^4.1.12' },
}

describe('the manifest a package is published with', () => {
  it('names the built files, keeps npm’s own publish settings, and drops what is the workspace’s alone', () => {
    expect(publishedManifest(workspace)).toEqual({
      name: '@allaccess/example',
      version: '1.2.3',
      type: 'module',
      exports: {
        '.': { types: './dist/index.d.ts', default: './dist/index.js' },
        './vite': './vite/index.js',
      },
      publishConfig: { access: 'public' },
      dependencies: { zod: '^4.6.7' },
    })
  })

  it('refuses a package whose publishConfig names no built files', () => {
    expect(() => publishedManifest({ ...workspace, publishConfig: { access: 'public' } })).toThrow(
      '@allaccess/example: publishConfig.exports names no built files',
    )
  })

  it('lists every file the exports name, conditions included', () => {
    expect(exportedFiles(publishedManifest(workspace).exports)).toEqual([
      './dist/index.d.ts',
      './dist/index.js',
      './vite/index.js',
    ])
  })
})
