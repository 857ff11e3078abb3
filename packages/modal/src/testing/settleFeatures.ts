import { afterAll } from 'vitest'

// A test that opens a modal starts loading its built-in features (the account feature brings its views, and React,
// with it) and may end before they are in: every test file lets that load finish before its environment goes.
afterAll(() => import('../features/account/accountChunk'))
