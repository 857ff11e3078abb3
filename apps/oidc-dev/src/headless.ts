import type { TestUser } from './users.js'

/** The cookies a browser would keep for the provider, by name (enough for its own redirects). */
class CookieJar {
  private readonly cookies = new Map<string, string>()
  take(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';')
      const at = pair.indexOf('=')
      this.cookies.set(pair.slice(0, at), pair.slice(at + 1))
    }
  }
  header() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ')
  }
}

/**
 * What a browser does at the development provider, without one (for the cloud's tests and benchmarks): follows
 * the authorization URL, submits the login form as `user` and stops at the first redirect away from the provider.
 * That URL (the client's redirect URI with `code` and `state`) is returned, not visited.
 */
export async function signInHeadless(authorizationUrl: string, user: TestUser): Promise<URL> {
  const jar = new CookieJar()
  const origin = new URL(authorizationUrl).origin
  let url = new URL(authorizationUrl)
  let init: RequestInit = {}
  for (let hop = 0; hop < 10; hop++) {
    const response = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: { cookie: jar.header(), ...(init.headers ?? {}) },
    })
    jar.take(response)
    const location = response.headers.get('location')
    if (location) {
      url = new URL(location, url)
      init = {}
      if (url.origin !== origin) return url
      continue
    }
    if (response.status !== 200 || !/\/interaction\/[\w-]+$/.test(url.pathname))
      throw new Error(`the provider answered ${response.status} at ${url.pathname}`)
    await response.text()
    url = new URL(`${url.pathname}/login`, url)
    init = {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ username: user.username, password: user.password }).toString(),
    }
  }
  throw new Error('too many redirects at the provider')
}
