/** App metadata: the mint site's name and description, the page origin, an icon it serves itself. */
export const metadata = {
  name: 'All-Access Pass',
  description: 'Connect your wallet and mint the All-Access Pass.',
  url: window.location.origin,
  icons: [`${window.location.origin}/icon.svg`],
}
