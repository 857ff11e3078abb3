/** Text made safe inside HTML elements and quoted attributes (the cloud's few small pages and e-mails). */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

/** The cloud's one-message pages (a device approved, a sign-in done): a title, a line, then `extra` (a form, a script). */
export const messagePage = (title: string, detail: string, extra = '') =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title><style>:root{color-scheme:light dark;font-family:system-ui,sans-serif}main{max-width:32rem;margin:4rem auto;padding:0 1rem}button{font:inherit;padding:.5rem 1.25rem}</style></head><body><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(detail)}</p>${extra}</main></body></html>`
