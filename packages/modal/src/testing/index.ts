/**
 * `@allaccess/modal/testing`: what the repository's own browser tests need from the modal (its constants and
 * view texts, a bare modal to mount), so they never reach into `src/`. Not for sites.
 */

export { NameErrorText } from '../api/nameErrors'
export * from '../app/constants'
export { createModal } from '../app/createModal'
export type { Modal } from '../app/modal'
export { AccountErrorText } from '../features/account/errors'
export { DirectoryErrorText } from '../kernel/errors'
export { mountModal } from '../ui/shell/mountModal'
