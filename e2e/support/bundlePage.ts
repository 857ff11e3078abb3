import { build, type Rollup } from 'vite'

/** A test page's TypeScript entry as one classic script (production React, not minified), for `addScriptTag`. */
export async function bundlePage(entry: string, name: string): Promise<string> {
  const output = (await build({
    configFile: false,
    logLevel: 'warn',
    define: { 'process.env.NODE_ENV': '"production"' },
    build: { write: false, minify: false, lib: { entry, formats: ['iife'], name } },
  })) as Rollup.RollupOutput[]
  return output[0]?.output[0]?.code ?? ''
}
