/**
 * The development identity provider's test users (README, Social login). Every provider of `npm start` signs in
 * against the same users; each provider still gives its own subject, so alice on google and alice on github are two
 * wallets. `carol0` shows a rule of docs/behaviour.md#social: on discord a username ending in 0 is shown without it.
 */
export type TestUser = {
  username: string
  password: string
  name: string
  email: string
  /** The numeric user id of the emulated GitHub and X user APIs (theirs are numbers, never the login). */
  id: number
}

export const TEST_USERS: readonly TestUser[] = [
  {
    username: 'alice',
    password: 'alice-password',
    name: 'Alice Example',
    email: 'alice@example.com',
    id: 1001,
  },
  { username: 'bob', password: 'bob-password', name: 'Bob Example', email: 'bob@example.com', id: 1002 },
  {
    username: 'carol0',
    password: 'carol0-password',
    name: 'Carol Example',
    email: 'carol@example.com',
    id: 1003,
  },
  // Users of one browser test each: a provider's sign-in of a user whose wallet another test's browser made is a
  // new device, which waits for that browser's approval (docs/embedded-wallet.md#new-device-approval).
  { username: 'dave', password: 'dave-password', name: 'Dave Example', email: 'dave@example.com', id: 1004 },
  { username: 'erin', password: 'erin-password', name: 'Erin Example', email: 'erin@example.com', id: 1005 },
]
