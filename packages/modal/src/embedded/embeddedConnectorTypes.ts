/** The connector types of the embedded (e-mail, social, Farcaster) wallet (ID_AUTH: the AppKit client's id for it). */
export const EMBEDDED_CONNECTOR_TYPES: ReadonlySet<string> = new Set(['AUTH', 'ID_AUTH'])
