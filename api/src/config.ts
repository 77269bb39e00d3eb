import path from 'node:path'
import { z } from 'zod'

const optionalUrl = z
  .string()
  .trim()
  .transform((value) => value || undefined)
  .pipe(z.url().optional())
const optionalText = z
  .string()
  .trim()
  .transform((value) => value || undefined)
  .optional()

/** Every environment variable the app reads, validated once at start-up (`.env.example` lists them all). */
const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().trim().min(1).default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(4321),
  DATA_DIR: z.string().trim().min(1).default('./.data'),
  DATABASE_URL: optionalUrl.optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).optional(),
  PUBLIC_SITE_URL: optionalUrl.optional(),
  MEDIA_BASE_URL: optionalText,
  MEILI_URL: optionalUrl.optional(),
  MEILI_MASTER_KEY: optionalText,
  MEILI_INDEX: z.string().trim().min(1).default('chunks'),
  SMTP_URL: optionalUrl.optional(),
  MAIL_FROM: z.string().trim().min(3).default('PhraseReel <no-reply@phrasereel.local>'),
  RECAPTCHA_SECRET: optionalText,
  RECAPTCHA_VERIFY_URL: z.url().default('https://www.google.com/recaptcha/api/siteverify'),
  RECAPTCHA_MIN_SCORE: z.coerce.number().min(0).max(1).default(0.5),
  PUBLIC_RECAPTCHA_SITE_KEY: optionalText,
  GOOGLE_CLIENT_ID: optionalText,
  GOOGLE_JWKS_URL: z.url().default('https://www.googleapis.com/oauth2/v3/certs'),
  APPLE_CLIENT_ID: optionalText,
  APPLE_JWKS_URL: z.url().default('https://appleid.apple.com/auth/keys'),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error']).default('info'),
  // ffmpeg for the audio and pictures of Anki exports (and `pnpm content ingest`); unset: found on PATH
  FFMPEG_PATH: optionalText,
  // how many reverse proxies in front of the app append to X-Forwarded-For (0: ignore the header)
  TRUST_PROXY: z.coerce.number().int().min(0).max(10).default(0),
})

export type Config = Omit<z.infer<typeof schema>, 'DATA_DIR'> & {
  /** Absolute path of `DATA_DIR`. */
  DATA_DIR: string
  /** `$DATA_DIR/media`: clip media, thumbnails and segment JSON. */
  MEDIA_DIR: string
  /** `$DATA_DIR/outbox`: mail written as .eml files when `SMTP_URL` is not set. */
  OUTBOX_DIR: string
}

/** Raised for a bad environment value; the message names the variable. */
export class ConfigError extends Error {
  override name = 'ConfigError'
}

/** Reads and validates the environment. Throws `ConfigError` naming the first bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const result = schema.safeParse(env)
  if (!result.success) {
    const issue = result.error.issues[0]!
    throw new ConfigError(`Invalid environment variable ${issue.path.join('.')}: ${issue.message}`)
  }
  const dataDir = path.resolve(result.data.DATA_DIR)
  return {
    ...result.data,
    DATA_DIR: dataDir,
    MEDIA_DIR: path.join(dataDir, 'media'),
    OUTBOX_DIR: path.join(dataDir, 'outbox'),
  }
}
