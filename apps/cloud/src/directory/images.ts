import { createHash } from 'node:crypto'

export const IMAGE_KINDS = ['wallet', 'asset', 'currency', 'token'] as const
export type ImageKind = (typeof IMAGE_KINDS)[number]

export type StoredImage = { kind: ImageKind; id: string; contentType: string; body: Buffer; etag: string }

export const IMAGE_ID = /^[A-Za-z0-9:._-]{1,128}$/

/** A strong ETag from the bytes, so any instance gives the same tag for the same image. */
export function imageFrom(
  kind: ImageKind,
  id: string,
  contentType: string,
  body: Buffer | string,
): StoredImage {
  const bytes = typeof body === 'string' ? Buffer.from(body) : body
  const etag = `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 22)}"`
  return { kind, id, contentType, body: bytes, etag }
}
