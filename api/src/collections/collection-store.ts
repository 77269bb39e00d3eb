import type { Queryable } from '../db/connect.ts'
import type { Page } from '../http/paging.ts'
import type { Collection } from '../shared/wire.ts'

export type { Collection, CollectionWithMembers } from '../shared/wire.ts'

/** What a writer needs to know about a collection before changing it. */
export interface CollectionAccess {
  id: number
  ownerId: number
  isPublic: boolean
}

/** The fields a create or edit sets. */
export interface CollectionFields {
  name: string
  description: string | null
  isPublic: boolean
  tags: string[]
}

/** A cheap validator for cached collection pages (docs/decisions/032). */
export interface CollectionVersion {
  id: number
  /** Bumped by every change of the collection: fields, members, likes. */
  version: number
  updatedAt: Date
  isPublic: boolean
  /** Changes whenever the page's content may change (the collection, or its creator's name); use as an ETag. */
  etag: string
}

/** Shown when the creator has no name on their account. */
export const ANONYMOUS_CREATOR = 'Anonymous'

interface CollectionRow {
  id: number
  owner_id: number
  name: string
  description: string | null
  is_public: boolean
  tags: string[]
  created_at: Date
  updated_at: Date
  creator_name: string | null
  likes_count: number
  members_count: number
  is_liked: boolean
}

// $1 is the viewer's user id (null for anonymous callers); counts are read live so they can never drift.
const COLLECTION_SELECT = `select c.id, c.owner_id, c.name, c.description, c.is_public, c.tags, c.created_at,
    c.updated_at, nullif(btrim(u.first_name || ' ' || u.last_name), '') as creator_name,
    (select count(*) from collection_likes cl where cl.collection_id = c.id) as likes_count,
    (select count(*) from collection_members cm where cm.collection_id = c.id) as members_count,
    exists (select 1 from collection_likes cl where cl.collection_id = c.id and cl.user_id = $1::bigint) as is_liked
  from collections c join users u on u.id = c.owner_id`

function toCollection(row: CollectionRow, viewerId: number | null): Collection {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    public: row.is_public,
    is_public: row.is_public,
    is_liked: row.is_liked,
    likes_count: row.likes_count,
    members_count: row.members_count,
    creator_name: row.creator_name ?? ANONYMOUS_CREATOR,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    tags: row.tags,
    is_owner: viewerId !== null && row.owner_id === viewerId,
  }
}

/** One collection as `viewerId` sees it, whether or not they may; null when it does not exist. */
export async function findCollection(
  db: Queryable,
  id: number,
  viewerId: number | null,
): Promise<(Collection & { ownerId: number }) | null> {
  const { rows } = await db.query<CollectionRow>(`${COLLECTION_SELECT} where c.id = $2`, [viewerId, id])
  const row = rows[0]
  return row ? { ...toCollection(row, viewerId), ownerId: row.owner_id } : null
}

/** Public collections, newest first. */
export async function listPublicCollections(
  db: Queryable,
  viewerId: number | null,
  page: Page,
): Promise<Collection[]> {
  // Page over the index first, then count likes and members for those rows only.
  const { rows } = await db.query<CollectionRow>(
    `with page as (
       select id, created_at from collections where is_public order by created_at desc, id desc limit $2 offset $3
     )
     ${COLLECTION_SELECT} join page p on p.id = c.id order by p.created_at desc, p.id desc`,
    [viewerId, page.limit, page.offset],
  )
  return rows.map((row) => toCollection(row, viewerId))
}

/** A user's own collections, private ones too, newest first. */
export async function listOwnCollections(db: Queryable, ownerId: number, page: Page): Promise<Collection[]> {
  const { rows } = await db.query<CollectionRow>(
    `with page as (
       select id, created_at from collections where owner_id = $1 order by created_at desc, id desc limit $2 offset $3
     )
     ${COLLECTION_SELECT} join page p on p.id = c.id order by p.created_at desc, p.id desc`,
    [ownerId, page.limit, page.offset],
  )
  return rows.map((row) => toCollection(row, ownerId))
}

/** Stores a new collection and returns its id. */
export async function insertCollection(
  db: Queryable,
  ownerId: number,
  fields: CollectionFields,
  now: Date,
): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `insert into collections (owner_id, name, description, is_public, tags, created_at, updated_at)
     values ($1, $2, $3, $4, $5, $6, $6) returning id`,
    [ownerId, fields.name, fields.description, fields.isPublic, fields.tags, now],
  )
  return rows[0]!.id
}

/**
 * Locks a collection row for the rest of the transaction (every writer takes this lock first, so changes to one
 * collection apply one after another); null when it does not exist.
 */
export async function lockCollection(db: Queryable, id: number): Promise<CollectionAccess | null> {
  const { rows } = await db.query<{ id: number; owner_id: number; is_public: boolean }>(
    'select id, owner_id, is_public from collections where id = $1 for no key update',
    [id],
  )
  const row = rows[0]
  return row ? { id: row.id, ownerId: row.owner_id, isPublic: row.is_public } : null
}

/** Sets a collection's fields and bumps its version. */
export async function updateCollectionFields(
  db: Queryable,
  id: number,
  fields: CollectionFields,
  now: Date,
): Promise<void> {
  await db.query(
    `update collections set name = $2, description = $3, is_public = $4, tags = $5, version = version + 1,
       updated_at = $6 where id = $1`,
    [id, fields.name, fields.description, fields.isPublic, fields.tags, now],
  )
}

/** Replaces the ordered phrases of a locked collection and bumps its version. */
export async function replaceMembers(
  db: Queryable,
  id: number,
  members: { phrase: string; norm: string }[],
  now: Date,
): Promise<void> {
  // a phrase that stays keeps the clip it remembers (issue 18), wherever it moves
  const { rows: kept } = await db.query<{ phrase_norm: string; chunk_id: number | null }>(
    'delete from collection_members where collection_id = $1 returning phrase_norm, chunk_id',
    [id],
  )
  const clips = new Map(kept.map((row) => [row.phrase_norm, row.chunk_id]))
  if (members.length > 0) {
    await db.query(
      `insert into collection_members (collection_id, position, phrase, phrase_norm, chunk_id)
       select $1, t.position, t.phrase, t.norm, t.chunk_id
       from unnest($2::text[], $3::text[], $4::bigint[]) with ordinality as t(phrase, norm, chunk_id, position)`,
      [
        id,
        members.map((m) => m.phrase),
        members.map((m) => m.norm),
        members.map((m) => clips.get(m.norm) ?? null),
      ],
    )
  }
  await bumpVersion(db, id, now)
}

/** Deletes a collection with its members and likes. */
export async function deleteCollectionRow(db: Queryable, id: number): Promise<void> {
  await db.query('delete from collections where id = $1', [id])
}

/** Adds or removes a user's like (idempotent), bumping the version when something changed. */
export async function setCollectionLikeRow(
  db: Queryable,
  id: number,
  userId: number,
  liked: boolean,
  now: Date,
): Promise<void> {
  const { rowCount } = liked
    ? await db.query(
        `insert into collection_likes (collection_id, user_id, created_at) values ($1, $2, $3)
         on conflict (collection_id, user_id) do nothing`,
        [id, userId, now],
      )
    : await db.query('delete from collection_likes where collection_id = $1 and user_id = $2', [id, userId])
  if ((rowCount ?? 0) > 0) await bumpVersion(db, id, now)
}

/** The like state of one collection for one user. */
export async function findCollectionLikeState(
  db: Queryable,
  id: number,
  userId: number,
): Promise<{ is_liked: boolean; likes_count: number }> {
  const { rows } = await db.query<{ is_liked: boolean; likes_count: number }>(
    `select exists (select 1 from collection_likes where collection_id = $1 and user_id = $2) as is_liked,
       (select count(*) from collection_likes where collection_id = $1) as likes_count`,
    [id, userId],
  )
  return rows[0]!
}

async function bumpVersion(db: Queryable, id: number, now: Date): Promise<void> {
  await db.query(
    'update collections set version = version + 1, updated_at = greatest(updated_at, $2) where id = $1',
    [id, now],
  )
}

/**
 * The version of a collection for cache validation: one primary-key lookup. Null when the collection does not
 * exist (deleted: the cached page must go).
 */
export async function collectionVersion(db: Queryable, id: number): Promise<CollectionVersion | null> {
  const { rows } = await db.query<{
    version: number
    updated_at: Date
    is_public: boolean
    owner_updated_at: Date
  }>(
    `select c.version, c.updated_at, c.is_public, u.updated_at as owner_updated_at
     from collections c join users u on u.id = c.owner_id where c.id = $1`,
    [id],
  )
  const row = rows[0]
  if (!row) return null
  return {
    id,
    version: row.version,
    updatedAt: row.updated_at,
    isPublic: row.is_public,
    etag: `"c${id}-v${row.version}-u${row.owner_updated_at.getTime()}"`,
  }
}

/** One member with the clip it remembers (issue 18). */
export interface MemberRow {
  phrase: string
  chunkId: number | null
}

/** The members of a collection in order, each with its remembered clip (null when none or no longer shown). */
export async function findMemberRows(db: Queryable, id: number): Promise<MemberRow[]> {
  const { rows } = await db.query<{ phrase: string; chunk_id: number | null }>(
    `select m.phrase, case when c.enabled then m.chunk_id end as chunk_id
     from collection_members m left join content_chunks c on c.id = m.chunk_id
     where m.collection_id = $1 order by m.position`,
    [id],
  )
  return rows.map((row) => ({
    phrase: row.phrase,
    chunkId: row.chunk_id === null ? null : Number(row.chunk_id),
  }))
}

/** The transcript of an enabled clip; null when there is no such clip or it is disabled. */
export async function findPlayableChunkText(db: Queryable, chunkId: number): Promise<string | null> {
  const { rows } = await db.query<{ text: string | null }>(
    'select transcribed_text as text from content_chunks where id = $1 and enabled',
    [chunkId],
  )
  const row = rows[0]
  return row ? (row.text ?? '') : null
}

/**
 * Remembers `chunkId` with the member whose phrase normalises to `norm`, appending the phrase at the end when
 * the collection does not hold it yet; the collection must be locked. Answers the member's 1-based position and
 * whether it was added, or null when appending would pass `max` members.
 */
export async function upsertMemberClip(
  db: Queryable,
  id: number,
  member: { phrase: string; norm: string },
  chunkId: number,
  max: number,
  now: Date,
): Promise<{ position: number; added: boolean } | null> {
  const { rows: updated } = await db.query<{ position: number }>(
    `update collection_members set chunk_id = $3 where collection_id = $1 and phrase_norm = $2
     returning position`,
    [id, member.norm, chunkId],
  )
  let result: { position: number; added: boolean }
  if (updated[0]) {
    result = { position: updated[0].position, added: false }
  } else {
    const { rows } = await db.query<{ n: number; last: number }>(
      `select count(*)::int as n, coalesce(max(position), 0)::int as last
       from collection_members where collection_id = $1`,
      [id],
    )
    const { n, last } = rows[0]!
    if (n >= max) return null
    await db.query(
      `insert into collection_members (collection_id, position, phrase, phrase_norm, chunk_id)
       values ($1, $2, $3, $4, $5)`,
      [id, last + 1, member.phrase, member.norm, chunkId],
    )
    result = { position: last + 1, added: true }
  }
  await bumpVersion(db, id, now)
  return result
}
