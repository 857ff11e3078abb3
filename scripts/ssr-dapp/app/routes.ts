import { index, type RouteConfig, route } from '@react-router/dev/routes'

export default [
  index('routes/home.tsx'),
  // A page that renders otherwise on the server than in the browser: the test's proof that a mismatch is seen.
  route('mismatch', 'routes/mismatch.tsx'),
] satisfies RouteConfig
