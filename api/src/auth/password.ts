import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto'

/**
 * scrypt cost (OWASP's N=2^14, r=8, p=5 setting: 16 MiB per hash, ~0.35 s here). The parameters travel inside
 * every stored hash, so raising them later leaves existing hashes verifiable (see docs/decisions/020).
 */
const COST = { N: 2 ** 14, r: 8, p: 5 }
const KEY_LENGTH = 32
const SALT_BYTES = 16
const MAX_MEMORY = 256 * 1024 * 1024

function derive(
  password: string,
  salt: Buffer,
  params: { N: number; r: number; p: number },
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { ...params, maxmem: MAX_MEMORY }, (error, key) =>
      error ? reject(error) : resolve(key),
    )
  })
}

/** A salted scrypt hash of `password`: `scrypt$N$r$p$salt$key` (base64url parts). */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES)
  const key = await derive(password, salt, COST)
  return `scrypt$${COST.N}$${COST.r}$${COST.p}$${salt.toString('base64url')}$${key.toString('base64url')}`
}

/** Whether `password` matches a hash made by `hashPassword`; false for anything malformed. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$')
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false
  const [N, r, p] = parts.slice(1, 4).map(Number) as [number, number, number]
  if (![N, r, p].every((n) => Number.isInteger(n) && n > 0)) return false
  const salt = Buffer.from(parts[4]!, 'base64url')
  const expected = Buffer.from(parts[5]!, 'base64url')
  if (expected.length !== KEY_LENGTH) return false
  const actual = await derive(password, salt, { N, r, p })
  return timingSafeEqual(actual, expected)
}

let dummyHash: Promise<string> | undefined

/**
 * Spends the same time as a real check when there is no hash to check against (unknown email, Google-only
 * account), so response times do not tell which accounts exist.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword('phrasereel-dummy-password')
  await verifyPassword(password, await dummyHash)
  return false
}
