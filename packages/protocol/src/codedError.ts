/** How far `walk()` follows causes: a cause chain longer than this is a loop or a mistake. */
const CAUSE_DEPTH_MAX = 8

/**
 * The one error base of every app (the modal's ModalError, the cloud's CloudError extend it): `code` to match on,
 * `text` to show (also the `message`), `cause` kept for logs.
 */
export class CodedError<Code extends string = string> extends Error {
  override name = 'CodedError'
  constructor(
    readonly code: Code,
    readonly text: string,
    options?: { cause?: unknown },
  ) {
    super(text, options)
  }

  /** This error, then its cause, its cause's cause…: what a log or a rule (a user's rejection) reads. */
  *walk(): Generator<unknown> {
    let current: unknown = this
    for (let depth = 0; current !== undefined && current !== null && depth < CAUSE_DEPTH_MAX; depth++) {
      yield current
      current = typeof current === 'object' ? (current as { cause?: unknown }).cause : undefined
    }
  }
}

/** A catalogue: each code's text, or a function making it (such a text is shown, never thrown). */
export type ErrorTexts = Record<string, string | ((...args: never[]) => string)>

/** The codes of a catalogue whose text is fixed. */
export type FixedCode<Texts extends ErrorTexts> = {
  [K in keyof Texts]: Texts[K] extends string ? K : never
}[keyof Texts] &
  string

type BaseClass = abstract new (code: string, text: string, options?: { cause?: unknown }) => CodedError

/**
 * An app's `defineErrors` over its own base: `defineErrorsOver(ModalError)('AccountError', texts)` is a class
 * whose `new AccountError('invalidAmount', { cause })` has the code, the catalogue's text and the catalogue's
 * `name`, and is an instance of the base; `AccountError.texts` is the catalogue.
 */
export function defineErrorsOver<Base extends BaseClass>(base: Base) {
  return function defineErrors<const Texts extends ErrorTexts>(errorName: string, texts: Texts) {
    type Code = FixedCode<Texts>
    // The class extends `base` at run time (instanceof holds); its type is the shared shape, which every
    // base shares (a base adds no member but its name).
    const Parent = base as unknown as new (
      code: Code,
      text: string,
      options?: { cause?: unknown },
    ) => CodedError<Code>
    const CatalogueError = class extends Parent {
      static readonly texts: Texts = texts
      override name = errorName
      /** `text`: the server's own words for the refusal, when it gave some, in place of the catalogue's. */
      constructor(code: Code, options?: { cause?: unknown; text?: string | undefined }) {
        super(code, options?.text || (texts[code] as string), options)
      }
    }
    // Logs name the class as the catalogue does ('AccountError'), not as this factory.
    Object.defineProperty(CatalogueError, 'name', { value: errorName })
    return CatalogueError
  }
}
