import type { CaptchaVerifier } from './captcha/captcha.ts'
import type { Config } from './config.ts'
import type { Pool } from './db/connect.ts'
import type { Mailer } from './mail/mailer.ts'

/** What every handler and domain function may use: configuration and the database pool. */
export interface AppContext {
  config: Config
  db: Pool
  /** Base of public media URLs: `MEDIA_BASE_URL`, or `/media` served by this app. */
  mediaBase: string
  /** The current time; tests replace it to move the clock. */
  now: () => Date
  /** Outgoing mail (verification codes); built from the configuration when absent. */
  mailer?: Mailer
  /** The bot check of login and registration; built from the configuration when absent. */
  captcha?: CaptchaVerifier
}
