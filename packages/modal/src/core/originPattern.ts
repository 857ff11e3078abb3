/** The origin-pattern grammar and its one matching rule live in @allaccess/protocol (`origins.ts`). */
export { namesOrigin } from '@allaccess/protocol'
