/**
 * The embedded (e-mail) wallet's icon, an envelope, wherever it is listed (its EVM connector, its Solana wallet):
 * base64, the form Wallet Standard asks of a wallet's icon.
 */
export const EMBEDDED_WALLET_ICON =
  'data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciIHZpZXdCb3g9IjAgMCAyNCAyNCI+PHJlY3Qgd2lkdGg9IjI0IiBoZWlnaHQ9IjI0IiByeD0iNiIgZmlsbD0iIzQ0NCIvPjxwYXRoIGQ9Ik01IDhsNyA1IDctNSIgc3Ryb2tlPSIjZmZmIiBmaWxsPSJub25lIi8+PC9zdmc+' as const
