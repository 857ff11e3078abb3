import { CodedError } from '@allaccess/protocol'

/**
 * The cloud's one error base (the protocol's CodedError, the modal's ModalError's base too): `code` to match on,
 * `text` (the message) to show or log, `cause` kept, `walk()` through the causes. Every error class of the cloud
 * extends it: a refusal answered over HTTP is an HttpError (http/errors.ts), whose catalogues `defineErrors` makes.
 */
export class CloudError<Code extends string = string> extends CodedError<Code> {
  override name = 'CloudError'
}
