/** Text made safe inside HTML elements and quoted attributes (the cloud's few small pages and e-mails). */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
