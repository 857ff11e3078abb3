/** The monogram rule is shared with the cloud's wallet icons: @allaccess/protocol (`monogram.ts`). */
export { monogramHue, monogramInitials } from '@allaccess/protocol'
