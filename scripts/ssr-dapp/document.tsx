import type { ReactNode } from 'react'
import { Links, Meta, Scripts } from 'react-router'

// The page's document, the same with the modal (app/) and without it (baseline/): only the modal differs.
export function Layout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <title>SSR dapp</title>
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <Scripts />
      </body>
    </html>
  )
}
