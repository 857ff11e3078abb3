// @ts-check

/** WalletConnect packages that ship an ES module build without naming it in their package.json. */
const ESM_BUILD = /^@walletconnect\/(time|environment)$/

/**
 * `@walletconnect/time` and `@walletconnect/environment` name only their CommonJS build, which needs `tslib`
 * (~2 KiB gzip) for its re-exports; their `dist/esm` build is the same code as plain `export *`.
 * @returns {import('vite').Plugin}
 */
export function esmBuilds() {
  return {
    name: 'allaccess:esm-builds',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!ESM_BUILD.test(source) || !importer?.includes('/node_modules/@walletconnect/')) return null
      const commonJs = await this.resolve(source, importer, { ...options, skipSelf: true })
      return (
        commonJs && { ...commonJs, id: commonJs.id.replace(/\/dist\/cjs\/index\.js$/, '/dist/esm/index.js') }
      )
    },
  }
}
