import type { CaptchaVerifier } from './captcha/captcha.ts'
import type { Config } from './config.ts'
import type { Pool } from './db/connect.ts'
import type { Mailer } from './mail/mailer.ts'

/** What every handler and domain function may use: configuration, the database pool, the clock, mail and the bot check. */
export interface AppContext {
  config: Config
  db: Pool
  /** Base of public media URLs: `MEDIA_BASE_URL`, or `/media` served by this app. */
  mediaBase: string
  /** The current time; tests replace it to move the clock. */
  now: () => Date
  /** Outgoing mail (verification codes); tests replace it to read what was sent. */
  mailer: Mailer
  /** The bot check of login and registration; tests replace it to pass or refuse. */
  captcha: CaptchaVerifier
}
