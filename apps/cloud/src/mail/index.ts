export { type Mail, Mailer, MailUnavailableError } from './mailer.js'
