import type { TestUser } from './users.js'

/** The cookies a browser would keep for the provider, by name (enough for its own redirects). */
export class CookieJar {
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

/** The escapes oidc-provider writes in its form_post page's attributes. */
const HTML_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" }
const unescapeHtml = (text: string) =>
  text.replace(/&(amp|lt|gt|quot|#39);/g, (_entity, name: string) => HTML_ENTITIES[name] ?? '')

/**
 * The request oidc-provider's form_post page makes the browser send: its form's hidden fields, POSTed to the
 * form's action. Undefined for any other page.
 */
function formPostOf(html: string, base: URL): Request | undefined {
  const action = /<form method="post" action="([^"]*)">/.exec(html)?.[1]
  if (action === undefined) return undefined
  const fields = [...html.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)"\/>/g)].map(
    ([, name = '', value = '']): [string, string] => [name, unescapeHtml(value)],
  )
  return new Request(new URL(unescapeHtml(action), base), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  })
}

/**
 * What a browser does at the development provider, without one (for the cloud's tests and benchmarks): follows
 * the authorization URL, submits the login form as `user` and stops when the provider sends the browser back to
 * the client. That request is returned, not sent: a GET of the redirect URI with `code` and `state` for the
 * `query` response mode, the POSTed form for `form_post`. The login form is submitted only when the provider asks.
 */
export async function signInHeadless(
  authorizationUrl: string,
  user: TestUser,
  /** The browser's cookies: one jar for several sign-ins is one browser (its sessions at the provider). */
  jar = new CookieJar(),
): Promise<Request> {
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
      if (url.origin !== origin) return new Request(url)
      continue
    }
    const page = await response.text()
    // A form_post answer (200, or 400 with an error) is a page whose form goes back to the client.
    const formPost = formPostOf(page, url)
    if (formPost && new URL(formPost.url).origin !== origin) return formPost
    if (response.status !== 200 || !/\/interaction\/[\w-]+$/.test(url.pathname))
      throw new Error(`the provider answered ${response.status} at ${url.pathname}`)
    url = new URL(`${url.pathname}/login`, url)
    init = {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ username: user.username, password: user.password }).toString(),
    }
  }
  throw new Error('too many redirects at the provider')
}
