import { z } from 'zod'
import type { AppContext } from '../context.ts'
import type { Queryable } from '../db/connect.ts'
import { withTransaction } from '../db/connect.ts'
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../http/errors.ts'
import { LIMITS, normalizeText } from '../shared/limits.ts'
import { MESSAGES } from '../shared/messages.ts'
import {
  type Collection,
  type CollectionAccess,
  type CollectionFields,
  type CollectionWithMembers,
  deleteCollectionRow,
  findCollection,
  findCollectionLikeState,
  findMemberRows,
  findPlayableChunkText,
  insertCollection,
  lockCollection,
  replaceMembers,
  setCollectionLikeRow,
  updateCollectionFields,
  upsertMemberClip,
} from './collection-store.ts'
import type { CollectionClipAdded, CollectionMemberClips } from '../shared/wire.ts'

/** Texts of this module that the spec does not give. */
export const COLLECTION_DETAILS = {
  nameTooLong: `Collection name must be at most ${LIMITS.collectionNameMax} characters`,
  descriptionTooLong: `Collection description must be at most ${LIMITS.collectionDescriptionMax} characters`,
  publicConflict: 'public and is_public disagree',
  tooManyTags: `A collection has at most ${LIMITS.collectionTagsMax} tags`,
  tagInvalid: `Each tag must be 1 to ${LIMITS.collectionTagMax} characters`,
  notOwner: 'Only the owner of this collection can change it',
  membersKeys: "members must be keyed '1', '2', … in order, without gaps",
  tooManyMembers: `A collection holds at most ${LIMITS.collectionMembersMax} phrases`,
  phraseEmpty: 'Phrase must not be empty',
  phraseTooLong: `Phrase must be at most ${LIMITS.collectionPhraseMax} characters`,
} as const

/**
 * Body of POST /api/collections/ and PUT /api/collections/{id} (spec §3 collection form, plus optional tags).
 * `readJson` has already refused NUL in every string (PostgreSQL text cannot hold it).
 */
export const collectionBody = z.strictObject({
  name: z.string().nullish(),
  description: z.string().nullish(),
  public: z.boolean().optional(),
  is_public: z.boolean().optional(),
  tags: z.array(z.string()).optional(),
})
export type CollectionBody = z.infer<typeof collectionBody>

/** Body of POST /api/collections/{id}/members: the members object itself, or wrapped as `{ members: {…} }`. */
export const membersBody = z.record(z.string(), z.unknown())
export type MembersBody = z.infer<typeof membersBody>

/** Length in characters as PostgreSQL counts them (code points), not UTF-16 units. */
function charLength(text: string): number {
  return [...text].length
}

/**
 * Validates a create or edit against spec §5; fields left out keep `current` (or the defaults for a new
 * collection: no description, private, no tags).
 */
export function toCollectionFields(body: CollectionBody, current?: CollectionFields): CollectionFields {
  const name = (body.name ?? '').trim()
  if (name === '') throw new ValidationError(MESSAGES.collectionNameRequired)
  if (charLength(name) > LIMITS.collectionNameMax) throw new ValidationError(COLLECTION_DETAILS.nameTooLong)

  let description = current?.description ?? null
  if (body.description !== undefined) {
    const trimmed = (body.description ?? '').trim()
    description = trimmed === '' ? null : trimmed
  }
  if (description !== null && charLength(description) > LIMITS.collectionDescriptionMax) {
    throw new ValidationError(COLLECTION_DETAILS.descriptionTooLong)
  }

  if (body.public !== undefined && body.is_public !== undefined && body.public !== body.is_public) {
    throw new ValidationError(COLLECTION_DETAILS.publicConflict)
  }
  const isPublic = body.public ?? body.is_public ?? current?.isPublic ?? false

  const tags = body.tags === undefined ? (current?.tags ?? []) : normalizeTags(body.tags)
  return { name, description, isPublic, tags }
}

/** Owner-entered tags (docs/decisions/031): trimmed, spaces collapsed, lowercased, duplicates dropped. */
function normalizeTags(raw: string[]): string[] {
  const tags: string[] = []
  for (const value of raw) {
    const tag = value.trim().replace(/\s+/g, ' ').toLowerCase()
    if (tag === '' || charLength(tag) > LIMITS.collectionTagMax)
      throw new ValidationError(COLLECTION_DETAILS.tagInvalid)
    if (!tags.includes(tag)) tags.push(tag)
  }
  if (tags.length > LIMITS.collectionTagsMax) throw new ValidationError(COLLECTION_DETAILS.tooManyTags)
  return tags
}

/**
 * The ordered phrases of a members object keyed '1'…'n' (spec §3), validated against spec §5: each at most 200
 * characters after trimming, none a duplicate of another after `normalizeText`.
 */
export function toMemberList(body: MembersBody): { phrase: string; norm: string }[] {
  const object = isWrapped(body) ? body.members : body
  const keys = Object.keys(object)
  if (keys.length > LIMITS.collectionMembersMax) throw new ValidationError(COLLECTION_DETAILS.tooManyMembers)
  const seen = new Set<string>()
  const members: { phrase: string; norm: string }[] = []
  for (let position = 1; position <= keys.length; position++) {
    if (!Object.hasOwn(object, String(position))) throw new ValidationError(COLLECTION_DETAILS.membersKeys)
    const value = object[String(position)]
    if (typeof value !== 'string') {
      throw new ValidationError(`members.${position} must be a phrase (text)`)
    }
    const phrase = value.trim().replace(/\s+/g, ' ')
    if (phrase === '') throw new ValidationError(`members.${position}: ${COLLECTION_DETAILS.phraseEmpty}`)
    if (charLength(phrase) > LIMITS.collectionPhraseMax) {
      throw new ValidationError(`members.${position}: ${COLLECTION_DETAILS.phraseTooLong}`)
    }
    const norm = normalizeText(phrase)
    if (seen.has(norm)) throw new ConflictError(MESSAGES.phraseAlreadyExists)
    seen.add(norm)
    members.push({ phrase, norm })
  }
  return members
}

function isWrapped(body: MembersBody): body is { members: Record<string, unknown> } {
  const keys = Object.keys(body)
  const inner = body.members
  return keys.length === 1 && typeof inner === 'object' && inner !== null && !Array.isArray(inner)
}

/** Spec §3: members as an object keyed '1','2',… in order. */
export function toMembersObject(phrases: string[]): Record<string, string> {
  return Object.fromEntries(phrases.map((phrase, i) => [String(i + 1), phrase]))
}

/** A private collection is invisible to everyone but its owner: it answers exactly as a missing one. */
function assertVisible(access: CollectionAccess | null, viewerId: number | null): CollectionAccess {
  if (!access || (!access.isPublic && access.ownerId !== viewerId)) {
    throw new NotFoundError(MESSAGES.collectionNotFound)
  }
  return access
}

function assertOwner(access: CollectionAccess | null, userId: number): CollectionAccess {
  const visible = assertVisible(access, userId)
  if (visible.ownerId !== userId) throw new ForbiddenError(COLLECTION_DETAILS.notOwner)
  return visible
}

/** A collection as `viewerId` sees it; 404 when it does not exist or is someone else's private one. */
export async function getCollection(
  ctx: AppContext,
  viewerId: number | null,
  id: number,
): Promise<Collection> {
  const found = await findCollection(ctx.db, id, viewerId)
  assertVisible(found && { id, ownerId: found.ownerId, isPublic: found.is_public }, viewerId)
  return stripOwner(found!)
}

/** A collection with its members, as `viewerId` sees it; read in one transaction so counts and members agree. */
export async function getCollectionWithMembers(
  ctx: AppContext,
  viewerId: number | null,
  id: number,
): Promise<CollectionWithMembers & CollectionMemberClips> {
  return withTransaction(ctx.db, async (client) => {
    await client.query('set transaction isolation level repeatable read, read only')
    const found = await findCollection(client, id, viewerId)
    assertVisible(found && { id, ownerId: found.ownerId, isPublic: found.is_public }, viewerId)
    return { ...stripOwner(found!), ...(await membersWithClips(client, id)) }
  })
}

/** Creates a collection owned by `userId`. */
export async function createCollection(
  ctx: AppContext,
  userId: number,
  body: CollectionBody,
): Promise<Collection> {
  const fields = toCollectionFields(body)
  return withTransaction(ctx.db, async (client) => {
    const id = await insertCollection(client, userId, fields, ctx.now())
    return stripOwner((await findCollection(client, id, userId))!)
  })
}

/** Edits a collection's name, description, visibility and tags; owner only. */
export async function updateCollection(
  ctx: AppContext,
  userId: number,
  id: number,
  body: CollectionBody,
): Promise<Collection> {
  return withTransaction(ctx.db, async (client) => {
    assertOwner(await lockCollection(client, id), userId)
    const current = (await findCollection(client, id, userId))!
    const fields = toCollectionFields(body, {
      name: current.name,
      description: current.description,
      isPublic: current.is_public,
      tags: current.tags,
    })
    await updateCollectionFields(client, id, fields, ctx.now())
    return stripOwner((await findCollection(client, id, userId))!)
  })
}

/** Replaces the ordered phrases (add, remove and reorder are all this one call); owner only. */
export async function replaceCollectionMembers(
  ctx: AppContext,
  userId: number,
  id: number,
  body: MembersBody,
): Promise<CollectionWithMembers & CollectionMemberClips> {
  const members = toMemberList(body)
  return withTransaction(ctx.db, async (client) => {
    assertOwner(await lockCollection(client, id), userId)
    await replaceMembers(client, id, members, ctx.now())
    const collection = stripOwner((await findCollection(client, id, userId))!)
    return { ...collection, ...(await membersWithClips(client, id)) }
  })
}

/** Deletes a collection; owner only. */
export async function deleteCollection(ctx: AppContext, userId: number, id: number): Promise<void> {
  await withTransaction(ctx.db, async (client) => {
    assertOwner(await lockCollection(client, id), userId)
    await deleteCollectionRow(client, id)
  })
}

/** Likes or unlikes a collection the user can see (idempotent); answers the new like state. */
export async function setCollectionLike(
  ctx: AppContext,
  userId: number,
  id: number,
  liked: boolean,
): Promise<{ is_liked: boolean; likes_count: number }> {
  return withTransaction(ctx.db, async (client) => {
    assertVisible(await lockCollection(client, id), userId)
    await setCollectionLikeRow(client, id, userId, liked, ctx.now())
    return findCollectionLikeState(client, id, userId)
  })
}

function stripOwner(found: Collection & { ownerId: number }): Collection {
  const { ownerId: _ownerId, ...collection } = found
  return collection
}

/** The members object of spec §3 and the clips its members remember (issue 18), keyed alike. */
async function membersWithClips(
  db: Queryable,
  id: number,
): Promise<{ members: Record<string, string> } & CollectionMemberClips> {
  const rows = await findMemberRows(db, id)
  const clips: Record<string, number> = {}
  rows.forEach((row, i) => {
    if (row.chunkId !== null) clips[String(i + 1)] = row.chunkId
  })
  return { members: toMembersObject(rows.map((row) => row.phrase)), member_clips: clips }
}

/** Body of POST /api/collections/{id}/clips (issue 18). */
export const addClipBody = z.strictObject({
  chunk_id: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  phrase: z.string().nullish(),
})
export type AddClipBody = z.infer<typeof addClipBody>

/**
 * A clip's text as a member phrase (spec §3 members stay phrases): spaces collapsed, and cut at a word boundary
 * to the phrase limit of spec §5 when a transcript is longer.
 */
export function phraseOfClipText(text: string): string {
  const phrase = text.trim().replace(/\s+/g, ' ')
  const chars = [...phrase]
  if (chars.length <= LIMITS.collectionPhraseMax) return phrase
  const cut = chars.slice(0, LIMITS.collectionPhraseMax).join('')
  const space = cut.lastIndexOf(' ')
  return (space > 0 ? cut.slice(0, space) : cut).trim()
}

/**
 * Adds a clip to one of the user's collections (issue 18): its phrase (the one given, e.g. the searched one,
 * else the clip's transcript) goes in as a member at the end, unless the collection holds it already, and the
 * member remembers the clip. Owner only; the clip must exist and be enabled.
 */
export async function addClipToCollection(
  ctx: AppContext,
  userId: number,
  id: number,
  body: AddClipBody,
): Promise<CollectionClipAdded> {
  const given = body.phrase?.trim().replace(/\s+/g, ' ') ?? ''
  if (given !== '' && charLength(given) > LIMITS.collectionPhraseMax) {
    throw new ValidationError(COLLECTION_DETAILS.phraseTooLong)
  }
  return withTransaction(ctx.db, async (client) => {
    assertOwner(await lockCollection(client, id), userId)
    const text = await findPlayableChunkText(client, body.chunk_id)
    if (text === null) throw new NotFoundError(MESSAGES.chunkNotFound)
    const phrase = given !== '' ? given : phraseOfClipText(text)
    if (phrase === '') throw new ValidationError(COLLECTION_DETAILS.phraseEmpty)
    const placed = await upsertMemberClip(
      client,
      id,
      { phrase, norm: normalizeText(phrase) },
      body.chunk_id,
      LIMITS.collectionMembersMax,
      ctx.now(),
    )
    if (!placed) throw new ConflictError(COLLECTION_DETAILS.tooManyMembers)
    const collection = stripOwner((await findCollection(client, id, userId))!)
    return { ...collection, ...(await membersWithClips(client, id)), ...placed }
  })
}
