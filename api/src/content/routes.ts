import { publicOrigin } from '../auth/client-address.ts'
import type { AppContext } from '../context.ts'
import { ApiError, BadRequestError, NotFoundError, NotImplementedError } from '../http/errors.ts'
import { assertNoNul, parseId, requireParam } from '../http/input.ts'
import { json, noContent } from '../http/respond.ts'
import type { Router } from '../http/router.ts'
import { LIMITS } from '../shared/limits.ts'
import { fitEmbedSize } from '../shared/embed-snippets.ts'
import { MESSAGES } from '../shared/messages.ts'
import {
  findChunkIdByPlayFile,
  findMediaFileUrl,
  findTranslations,
  navigateChunk,
  randomChunks,
} from './content-store.ts'
import { describeClipEmbed, playLinkChunkId } from './oembed.ts'

/** Clips per random-chunks call unless `limit` says otherwise (the home page loads 12 at a time, spec §9). */
export const RANDOM_CHUNKS_DEFAULT = LIMITS.homePageSize
export const RANDOM_CHUNKS_MAX = 60

// Public content is the same for everyone; a short shared cache spares the database on busy pages.
// Readable from any origin: the embeddable player (/embed/player.js) asks for these from third-party pages.
const ANY_ORIGIN = { 'access-control-allow-origin': '*' }
const PUBLIC_SHORT_CACHE = { 'cache-control': 'public, max-age=30', ...ANY_ORIGIN }

/** The public content calls of spec §7.2 (`chunk/{id}` and the totals are in public-reads.ts). */
export function registerContentRoutes(router: Router<AppContext>): void {
  router.get('/api/content/random-chunks', async ({ url, ctx }) => {
    const limit = parseLimit(url.searchParams.get('limit'))
    // `genre` and `exclude` (beyond spec, issue 17): the home feed's genre chip pages through one genre, and each
    // page leaves out the clips already shown
    const filter = { genre: parseGenre(url.searchParams.get('genre')), exclude: parseExclude(url) }
    return json(await randomChunks(ctx.db, ctx.mediaBase, limit, filter), 200, {
      'cache-control': 'no-store',
    })
  })

  router.get('/api/content/navigate-chunk', async ({ url, ctx }) => {
    const contentMetadataId = parseId(url.searchParams.get('content_metadata_id'), 'content_metadata_id')
    const chunkId = parseId(url.searchParams.get('content_chunk_id'), 'content_chunk_id')
    const action = requireParam(url, 'action')
    if (action !== 'next' && action !== 'previous')
      throw new BadRequestError("action must be 'next' or 'previous'")
    const link = await navigateChunk(ctx.db, ctx.mediaBase, contentMetadataId, chunkId, action)
    if (!link) {
      // `missing=no-content` (beyond spec): 204 instead of the spec's 404. Browsers log every 4xx answer as a
      // console error, so the player, which asks ahead for the next clip, asks this way (docs/decisions/067).
      if (url.searchParams.get('missing') === 'no-content') return noContent(ANY_ORIGIN)
      throw new NotFoundError(action === 'next' ? MESSAGES.noMoreChunks : MESSAGES.firstChunk)
    }
    return json(link, 200, ANY_ORIGIN)
  })

  router.get('/api/content/get_s3_url', async ({ url, ctx }) => {
    const contentMetadataId = parseId(url.searchParams.get('content_metadata_id'), 'content_metadata_id')
    const fileName = requireParam(url, 'access_file_name')
    if (!/^(segment_\d+\.json|[\w.-]+_thumbnail\.jpg)$/.test(fileName)) {
      throw new BadRequestError('access_file_name must be segment_{N}.json or {name}_thumbnail.jpg')
    }
    const s3Url = await findMediaFileUrl(ctx.db, ctx.mediaBase, contentMetadataId, fileName)
    if (!s3Url) throw new NotFoundError('File not found')
    return json({ s3_url: s3Url })
  })

  router.get('/api/content/chunk_id_by_metadata', async ({ url, ctx }) => {
    const contentMetadataId = parseId(url.searchParams.get('content_metadata_id'), 'content_metadata_id')
    const playFileName = requireParam(url, 'play_file_name')
    // spec §5: the lookup works only for video files named as digits followed by .mp4
    if (!/^\d+\.mp4$/.test(playFileName))
      throw new BadRequestError('play_file_name must be digits followed by .mp4')
    const chunkId = await findChunkIdByPlayFile(ctx.db, contentMetadataId, playFileName)
    if (chunkId === null) throw new NotFoundError(MESSAGES.chunkNotFound)
    return json({ chunk_id: chunkId })
  })

  router.get('/api/content/chunks/:chunkId/translations', async ({ params, ctx }) => {
    const translations = await findTranslations(ctx.db, parseId(params.chunkId, 'chunkId'))
    if (!translations) throw new NotFoundError(MESSAGES.chunkNotFound)
    return json(translations, 200, PUBLIC_SHORT_CACHE)
  })

  // oEmbed (issue 16, https://oembed.com): consumers fetch it from anywhere, so its errors are readable
  // cross-origin too; bad sizes are 400s, a link that is not one of our clips a 404, `format=xml` a 501.
  router.get('/api/oembed', async ({ url, request, ctx }) => {
    const link = url.searchParams.get('url')?.trim() ?? ''
    if (link === '') throw new ApiError(400, MESSAGES.oembedUrlRequired, { headers: ANY_ORIGIN })
    if (link.length > LIMITS.oembedUrlMaxLength) {
      const detail = MESSAGES.oembedUrlTooLong.replace('{max}', String(LIMITS.oembedUrlMaxLength))
      throw new ApiError(400, detail, { headers: ANY_ORIGIN })
    }
    const format = url.searchParams.get('format') ?? 'json'
    if (format !== 'json' && format !== '')
      throw new NotImplementedError(MESSAGES.oembedFormatUnsupported, { headers: ANY_ORIGIN })
    const size = fitEmbedSize(
      parseSize(url.searchParams.get('maxwidth'), 'maxwidth'),
      parseSize(url.searchParams.get('maxheight'), 'maxheight'),
    )
    const origin = publicOrigin(request, ctx.config)
    // links to the public origin, and to the host this request came in on (a LAN address, a second name)
    const hosts = new Set([new URL(origin).host, url.host])
    const chunkId = playLinkChunkId(link, hosts)
    if (chunkId === null) throw new ApiError(404, MESSAGES.oembedNotOurs, { headers: ANY_ORIGIN })
    const answer = await describeClipEmbed(ctx.db, ctx.mediaBase, chunkId, origin, size)
    if (!answer) throw new ApiError(404, MESSAGES.chunkNotFound, { headers: ANY_ORIGIN })
    return json(answer, 200, PUBLIC_SHORT_CACHE)
  })
}

/** An oEmbed `maxwidth`/`maxheight`: absent, or a whole number of pixels from 1 (a larger one only fits more). */
function parseSize(value: string | null, name: string): number | null {
  if (value === null || value === '') return null
  if (!/^[0-9]{1,9}$/.test(value) || Number(value) < 1)
    throw new ApiError(400, MESSAGES.oembedBadSize.replace('{name}', name), { headers: ANY_ORIGIN })
  return Number(value)
}

function parseLimit(value: string | null): number {
  if (value === null || value === '') return RANDOM_CHUNKS_DEFAULT
  if (!/^\d{1,4}$/.test(value)) throw new BadRequestError('limit must be a positive integer')
  const limit = Number(value)
  if (limit < 1 || limit > RANDOM_CHUNKS_MAX)
    throw new BadRequestError(`limit must be between 1 and ${RANDOM_CHUNKS_MAX}`)
  return limit
}

function parseGenre(value: string | null): string | null {
  if (value === null || value.trim() === '') return null
  assertNoNul(value, 'genre')
  if (value.length > LIMITS.genreMaxLength)
    throw new BadRequestError(`genre must be at most ${LIMITS.genreMaxLength} characters`)
  return value
}

function parseExclude(url: URL): number[] {
  const value = url.searchParams.get('exclude')
  if (value === null || value === '') return []
  const parts = value.split(',')
  if (parts.length > LIMITS.randomExcludeMax)
    throw new BadRequestError(`exclude may list at most ${LIMITS.randomExcludeMax} ids`)
  return parts.map((part) => parseId(part, 'exclude'))
}
