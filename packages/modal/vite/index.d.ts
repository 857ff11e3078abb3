// The types of index.js (plain JavaScript, so that Node loads it with a site's Vite config): see its JSDoc.
import type { Plugin } from 'vite'

export declare function allAccessModal(): Plugin[]
