import { BlockList, isIP } from 'node:net'

/**
 * What the cloud can say of a device that asks for a wallet, from its request alone (the approval page, and a device
 * asked to approve another): the system and browser its user agent claims, and its network.
 */
/** Said when there is nothing to go on: better than a guess. */
export const UNKNOWN = 'Unknown'

/** The system a user agent names, most specific first (an iPad's says "Mac OS X" too). */
const SYSTEMS: [RegExp, string][] = [
  [/iPhone/, 'iPhone'],
  [/iPad/, 'iPad'],
  [/Android/, 'Android phone or tablet'],
  [/CrOS/, 'Chromebook'],
  [/Windows/, 'Windows computer'],
  [/Macintosh|Mac OS X/, 'Mac'],
  [/Linux|X11/, 'Linux computer'],
]
/** Browsers by their own token; Edge and Opera also say Chrome, Chrome also says Safari: order matters. */
const BROWSERS: [RegExp, string][] = [
  [/Edg(?:e|A|iOS)?\/(\d+)/, 'Edge'],
  [/OPR\/(\d+)/, 'Opera'],
  [/(?:Firefox|FxiOS)\/(\d+)/, 'Firefox'],
  [/HeadlessChrome\/(\d+)/, 'Chrome (headless)'],
  [/Chromium\/(\d+)/, 'Chromium'],
  [/(?:Chrome|CriOS)\/(\d+)/, 'Chrome'],
  [/Version\/(\d+)[^ ]* (?:Mobile\/\S+ )?Safari\//, 'Safari'],
]

/** The device and browser a user agent claims (it can lie; the page says what it claims). */
export function describeUserAgent(userAgent: string | null): { device: string; browser: string } {
  const ua = userAgent ?? ''
  const device = SYSTEMS.find(([pattern]) => pattern.test(ua))?.[1] ?? UNKNOWN
  for (const [pattern, name] of BROWSERS) {
    const version = pattern.exec(ua)?.[1]
    if (version) return { device, browser: `${name} ${version}` }
  }
  return { device, browser: UNKNOWN }
}

const ranges = (entries: [string, number, 'ipv4' | 'ipv6'][]) => {
  const list = new BlockList()
  for (const [network, prefix, family] of entries) list.addSubnet(network, prefix, family)
  return list
}
const LOOPBACK = ranges([
  ['127.0.0.0', 8, 'ipv4'],
  ['::1', 128, 'ipv6'],
])
const PRIVATE = ranges([
  ['10.0.0.0', 8, 'ipv4'],
  ['172.16.0.0', 12, 'ipv4'],
  ['192.168.0.0', 16, 'ipv4'],
  ['100.64.0.0', 10, 'ipv4'],
  ['169.254.0.0', 16, 'ipv4'],
  ['fc00::', 7, 'ipv6'],
  ['fe80::', 10, 'ipv6'],
])

/** An IPv6 address written out in full groups (`2001:db8::1` → eight groups). */
function ipv6Groups(address: string): string[] {
  const [head = '', tail] = address.split('::')
  const left = head ? head.split(':') : []
  const right = tail ? tail.split(':') : []
  const zeros = tail === undefined ? [] : Array(8 - left.length - right.length).fill('0')
  return [...left, ...zeros, ...right]
}

/**
 * Where the request came from, as far as its address tells without a location database (the cloud has none
 * offline): its network (/24 or /48), or that it is this computer or a private network.
 */
export function describeNetwork(clientAddress: string | null): string {
  const address = (clientAddress ?? '').replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, '')
  const version = isIP(address)
  // A proxy's forwarding header can name anything: what is not an address tells nothing.
  if (version === 0) return UNKNOWN
  const family = version === 4 ? 'ipv4' : 'ipv6'
  if (LOOPBACK.check(address, family)) return 'This computer (a loopback address)'
  const network =
    family === 'ipv4'
      ? `${address.split('.').slice(0, 3).join('.')}.0/24`
      : `${ipv6Groups(address).slice(0, 3).join(':')}::/48`
  if (PRIVATE.check(address, family)) return `A private network (${network}); its public address is not known`
  return `Network ${network} (from the device's address; no location lookup)`
}
