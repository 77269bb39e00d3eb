/**
 * `@phrasereel/api/server`: what the site's server code may call directly (Astro pages, the middleware,
 * `*.server.ts` modules and the Node front in `site/server/`), so that pages render from the same reads the JSON
 * API answers with. Server-only: islands import `@phrasereel/api/shared/*` and nothing else.
 */

export {
  findAdminContentMetadata,
  listAdminChunks,
  listAdminContentMetadata,
} from './admin/content-admin-store.ts'
export { type AdminIdentity, findAdminSession, requireAdmin } from './auth/admin.ts'
export { publicOrigin } from './auth/client-address.ts'
export { ADMIN_SESSION_COOKIE, USER_SESSION_COOKIE, validateSessionToken } from './auth/session.ts'
export { findUserById, toPublicUser } from './auth/user-store.ts'
export {
  collectionVersion,
  listOwnCollections,
  listPublicCollections,
} from './collections/collection-store.ts'
export { getCollectionWithMembers } from './collections/collections.ts'
export { findChunk, findFirstChunk, randomChunks } from './content/content-store.ts'
export { hasCookie, readCookie } from './http/cookies.ts'
export { BadRequestError, PayloadTooLargeError } from './http/errors.ts'
export { MAX_JSON_BODY_BYTES } from './http/input.ts'
export { correctPhrase } from './search/correct.ts'
export { searchChunks } from './search/search.ts'
export { searchFacets } from './search/facets.ts'
export { listMarkedChunks, listPlayHistory } from './user-content/user-content-store.ts'
