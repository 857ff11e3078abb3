// caip.ts (shared with the cloud, moving to @allaccess/protocol) reads the catalogue from here; the modal's
// own code imports kernel/errors.
export { ConnectionErrorText, ModalError } from '../kernel/errors'
