import { createRemoteJWKSet, errors as joseErrors, type JWTPayload, jwtVerify } from 'jose'
import type { AppContext } from '../context.ts'
import { withTransaction } from '../db/connect.ts'
import { BadRequestError, UnauthorizedError } from '../http/errors.ts'
import { log } from '../log.ts'
import { consumeRateLimit, RATE_LIMITS } from '../rate-limit/rate-limit.ts'
import { LIMITS } from '../shared/limits.ts'
import { MESSAGES } from '../shared/messages.ts'
import { type SignedIn, startUserSession } from './session.ts'
import {
  deleteMailedCode,
  findIdentityUserId,
  findUserByEmail,
  findUserById,
  insertUser,
  linkIdentity,
  markUserVerified,
  type OAuthProvider,
  setUserPasswordHash,
  setUserPictureIfMissing,
  type UserRow,
} from './user-store.ts'

interface ProviderSettings {
  issuers: string[]
  clientIds: string[]
  jwksUrl: string
  unavailable: string
  failed: string
}

function settingsOf(ctx: AppContext, provider: OAuthProvider): ProviderSettings {
  const { config } = ctx
  const ids = (value: string | undefined) =>
    (value ?? '')
      .split(',')
      .map((id) => id.trim())
      .filter(Boolean)
  return provider === 'google'
    ? {
        issuers: ['https://accounts.google.com', 'accounts.google.com'],
        clientIds: ids(config.GOOGLE_CLIENT_ID),
        jwksUrl: config.GOOGLE_JWKS_URL,
        unavailable: MESSAGES.googleUnavailable,
        failed: MESSAGES.googleFailed,
      }
    : {
        issuers: ['https://appleid.apple.com'],
        clientIds: ids(config.APPLE_CLIENT_ID),
        jwksUrl: config.APPLE_JWKS_URL,
        unavailable: MESSAGES.appleUnavailable,
        failed: MESSAGES.appleFailed,
      }
}

// One key set per URL for the process: jose caches the keys and refetches on an unknown key id (rotation).
const keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>()
function keySetFor(url: string): ReturnType<typeof createRemoteJWKSet> {
  let keySet = keySets.get(url)
  if (!keySet) {
    keySet = createRemoteJWKSet(new URL(url), { timeoutDuration: 5000, cooldownDuration: 30_000 })
    keySets.set(url, keySet)
  }
  return keySet
}

/** What a verified ID token tells about its holder. */
export interface ProviderIdentity {
  subject: string
  email: string | null
  emailVerified: boolean
  firstName: string
  lastName: string
  pictureUrl: string | null
}

/**
 * Verifies a Google or Apple ID token: RS256 signature against the provider's JWKS, issuer, audience (the
 * configured client id) and expiry (a minute of clock skew). Without a client id, the spec's 'not available' text.
 */
export async function verifyIdToken(
  ctx: AppContext,
  provider: OAuthProvider,
  idToken: string | null | undefined,
): Promise<ProviderIdentity> {
  const settings = settingsOf(ctx, provider)
  if (settings.clientIds.length === 0) throw new BadRequestError(settings.unavailable)
  if (typeof idToken !== 'string' || idToken.length === 0 || idToken.length > 8192) {
    throw new UnauthorizedError(settings.failed)
  }
  let payload: JWTPayload
  try {
    ;({ payload } = await jwtVerify(idToken, keySetFor(settings.jwksUrl), {
      issuer: settings.issuers,
      audience: settings.clientIds,
      algorithms: ['RS256'],
      clockTolerance: 60,
      currentDate: ctx.now(),
      requiredClaims: ['sub', 'exp', 'iat'],
    }))
  } catch (error) {
    const reason = error instanceof joseErrors.JOSEError ? error.code : 'unknown'
    log.info('id token refused', { provider, reason })
    throw new UnauthorizedError(settings.failed)
  }
  const claim = (name: string) => (typeof payload[name] === 'string' ? (payload[name] as string).trim() : '')
  const email = claim('email').toLowerCase() || null
  // Apple sends email_verified as the string "true"; Google as a boolean
  const emailVerified = payload.email_verified === true || payload.email_verified === 'true'
  const picture = claim('picture')
  return {
    subject: payload.sub!,
    email: email && email.length <= LIMITS.emailMaxLength ? email : null,
    emailVerified,
    firstName: claim('given_name').slice(0, LIMITS.nameMaxLength),
    lastName: claim('family_name').slice(0, LIMITS.nameMaxLength),
    pictureUrl: /^https:\/\//.test(picture) && picture.length <= 2048 ? picture : null,
  }
}

/**
 * Google or Apple sign-in: finds the account linked to the token's subject, else links the account with the
 * token's verified email, else creates one. Linking to an unverified password account removes that password
 * (it was never proven to belong to the email's owner: docs/decisions/022).
 */
export async function signInWithProvider(
  ctx: AppContext,
  provider: OAuthProvider,
  input: { id_token?: string | null; first_name?: string | null; last_name?: string | null },
  address: string,
): Promise<SignedIn> {
  await consumeRateLimit(ctx.db, RATE_LIMITS.oauthPerAddress, address, ctx.now())
  const identity = await verifyIdToken(ctx, provider, input.id_token)
  const settings = settingsOf(ctx, provider)

  const linkedId = await findIdentityUserId(ctx.db, provider, identity.subject)
  if (linkedId !== null) {
    const user = await findUserById(ctx.db, linkedId)
    if (user) return startUserSession(ctx, user)
  }
  if (!identity.email || !identity.emailVerified) {
    throw new UnauthorizedError(`${settings.failed}: the account has no verified email address`)
  }
  const email = identity.email
  const user = await withTransaction(ctx.db, async (client): Promise<UserRow> => {
    let row = await findUserByEmail(client, email)
    if (!row) {
      row = await insertUser(client, {
        email,
        passwordHash: null,
        firstName: identity.firstName || (input.first_name ?? '').trim().slice(0, LIMITS.nameMaxLength),
        lastName: identity.lastName || (input.last_name ?? '').trim().slice(0, LIMITS.nameMaxLength),
        isVerified: true,
        pictureUrl: identity.pictureUrl,
      })
      row ??= await findUserByEmail(client, email)
      if (!row) throw new UnauthorizedError(settings.failed)
      log.info('user created from provider', { userId: row.id, provider })
    } else if (!row.is_verified) {
      await setUserPasswordHash(client, row.id, null)
      await deleteMailedCode(client, 'verification', row.id)
      row = await markUserVerified(client, row.id)
      log.info('unverified account taken over by verified provider email', { userId: row.id, provider })
    }
    if (identity.pictureUrl && !row.profile_picture_url) {
      await setUserPictureIfMissing(client, row.id, identity.pictureUrl)
      row = { ...row, profile_picture_url: identity.pictureUrl }
    }
    await linkIdentity(client, provider, identity.subject, row.id, email)
    return row
  })
  return startUserSession(ctx, user)
}
