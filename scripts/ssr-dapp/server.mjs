// Serves the build: its client files as they are, every other request rendered by React Router on the server.
import { createReadStream, statSync } from 'node:fs'
import { createServer } from 'node:http'
import { extname, join, normalize } from 'node:path'
import { createRequestListener } from '@react-router/node'

// DAPP_BASELINE=1 serves the page built without the modal (react-router.config.ts).
const folder = process.env.DAPP_BASELINE === '1' ? 'build-baseline' : 'build'
const client = join(import.meta.dirname, folder, 'client')
const build = await import(`./${folder}/server/index.js`)
const render = createRequestListener({ build, mode: 'production' })
const TYPES = {
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
}

const server = createServer((request, response) => {
  const path = normalize(decodeURIComponent(new URL(request.url, 'http://host').pathname))
  const file = join(client, path)
  if (path !== '/' && file.startsWith(client) && statSync(file, { throwIfNoEntry: false })?.isFile()) {
    response.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' })
    createReadStream(file).pipe(response)
    return
  }
  render(request, response)
})
server.listen(0, '127.0.0.1', () =>
  process.stdout.write(`listening on http://127.0.0.1:${server.address().port}\n`),
)
