export { devClients, devSocialEnv } from './devApps.js'
export { signInHeadless } from './headless.js'
export { DEV_USER_APIS, type DevClient, type DevOidc, LOGIN_TEXTS, startDevOidc } from './provider.js'
export { TEST_USERS, type TestUser } from './users.js'
