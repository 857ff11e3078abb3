/** What a search found, said to a screen reader: "1 wallet found", "12 wallets found". */
export const walletsFound = (count: number) => `${count} ${count === 1 ? 'wallet' : 'wallets'} found`
