/** The explorer's page for a transaction, when the site has an explorer configured (VITE_EXPLORER_URL). */
export function transactionUrl(explorerUrl: string | undefined, hash: string): string | undefined {
  return explorerUrl ? `${explorerUrl.replace(/\/+$/, '')}/tx/${hash}` : undefined
}
