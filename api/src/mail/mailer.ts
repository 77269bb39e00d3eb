import { randomBytes } from 'node:crypto'
import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import nodemailer from 'nodemailer'
import type { Config } from '../config.ts'

/** One plain-text message. */
export interface MailMessage {
  to: string
  subject: string
  text: string
}

/** Delivers mail; the embedded default writes `.eml` files, production speaks SMTP. */
export interface Mailer {
  send(message: MailMessage): Promise<void>
}

/** Raised when a message could not be handed over; the cause keeps the transport's error. */
export class MailDeliveryError extends Error {
  override name = 'MailDeliveryError'
}

/** The mailer the configuration names: SMTP when `SMTP_URL` is set, else `.eml` files in `$DATA_DIR/outbox`. */
export function createMailer(config: Pick<Config, 'SMTP_URL' | 'MAIL_FROM' | 'OUTBOX_DIR'>): Mailer {
  return config.SMTP_URL
    ? createSmtpMailer(config.SMTP_URL, config.MAIL_FROM)
    : createOutboxMailer(config.OUTBOX_DIR, config.MAIL_FROM)
}

/** Sends through the SMTP server at `url` (`smtp://user:pass@host:port`, `smtps://…` for implicit TLS). */
export function createSmtpMailer(url: string, from: string): Mailer {
  const transport = nodemailer.createTransport(url)
  return {
    async send(message) {
      try {
        await transport.sendMail({ from, ...message })
      } catch (error) {
        throw new MailDeliveryError('SMTP delivery failed', { cause: error })
      }
    },
  }
}

/** Writes each message as `<time>-<random>.eml` under `dir`, readable only by the app's user. */
export function createOutboxMailer(dir: string, from: string): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' })
  return {
    async send(message) {
      try {
        const info = await transport.sendMail({ from, ...message })
        await mkdir(dir, { recursive: true, mode: 0o700 })
        const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`
        await writeFile(path.join(dir, name), info.message as Buffer, { mode: 0o600 })
      } catch (error) {
        throw new MailDeliveryError('Writing to the outbox failed', { cause: error })
      }
    },
  }
}
