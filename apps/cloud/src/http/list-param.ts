import { z } from 'zod'

/** A list given as `a,b,c` and/or as repeated keys; empty items dropped. */
export const listParam = z
  .union([z.string().max(20_000), z.array(z.string().max(20_000)).max(500)])
  .transform((value) =>
    (Array.isArray(value) ? value : [value])
      .flatMap((item) => item.split(','))
      .map((item) => item.trim())
      .filter((item) => item !== ''),
  )
  .pipe(z.array(z.string().max(200)).max(1000))
  .optional()
