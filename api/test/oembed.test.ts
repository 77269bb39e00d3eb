import { beforeAll, describe, expect, it } from 'vitest'
import { describeEachDatabase } from './harness.ts'
import { seedContent } from './fixtures.ts'
import { playLinkChunkId } from '../src/content/oembed.ts'
import { clipTitle, fitEmbedSize, iframeSnippet } from '../src/shared/embed-snippets.ts'
import type { OEmbedVideo } from '../src/shared/wire.ts'

// The test app answers as http://localhost:4321 (api/test/harness.ts).
const SITE = 'http://localhost:4321'
const oembed = (link: string, extra = '') => `/api/oembed?url=${encodeURIComponent(link)}${extra}`

describeEachDatabase('oEmbed', (app) => {
  let film = { contentId: 0, chunkIds: [] as number[] }
  let podcast = { contentId: 0, chunkIds: [] as number[] }

  beforeAll(async () => {
    const seeded = await seedContent(app().db, [
      {
        name: 'The Long Road',
        part: 'Part 1',
        chunks: [{ text: 'Break a leg!' }, { text: 'Hidden line.', enabled: false }],
      },
      { name: 'Morning Talk', chunks: [{ text: 'Good morning everyone.', chunkType: 'audio' }] },
    ])
    film = seeded[0]!
    podcast = seeded[1]!
    // a clip without a thumbnail: the three thumbnail fields are left out together
    await app().db.query('update content_chunks set thumbnail_file_name = null where id = $1', [
      podcast.chunkIds[0],
    ])
  })

  it('answers a /play link with a video answer whose html is the /embed iframe', async () => {
    const id = film.chunkIds[0]!
    const { status, body, response } = await app().fetchJson<OEmbedVideo>(oembed(`${SITE}/play/${id}`))
    expect(status).toBe(200)
    expect(response.headers.get('content-type')).toMatch(/^application\/json/)
    expect(response.headers.get('cache-control')).toBe('public, max-age=30')
    expect(response.headers.get('access-control-allow-origin')).toBe('*')
    expect(body).toEqual({
      type: 'video',
      version: '1.0',
      title: 'The Long Road · Part 1',
      provider_name: 'PhraseReel',
      provider_url: `${SITE}/`,
      thumbnail_url: `${SITE}/media/${film.contentId}/1_thumbnail.jpg`,
      thumbnail_width: 640,
      thumbnail_height: 360,
      html: `<iframe src="${SITE}/embed/${id}" width="640" height="360" title="PhraseReel player" allow="autoplay; fullscreen; clipboard-write" allowfullscreen loading="lazy" style="border:0"></iframe>`,
      width: 640,
      height: 360,
    })
  })

  it('takes format=json, a trailing slash, a query and a fragment on the link', async () => {
    const id = film.chunkIds[0]!
    for (const link of [`${SITE}/play/${id}/`, `${SITE}/play/${id}?utm_source=chat#t=1`]) {
      const { status, body } = await app().fetchJson<OEmbedVideo>(oembed(link, '&format=json'))
      expect(status, link).toBe(200)
      expect(body.html).toContain(`src="${SITE}/embed/${id}"`)
    }
    // https on the same host (the link as a proxy in front would give it) is the same clip
    const { status } = await app().fetchJson(oembed(`https://localhost:4321/play/${id}`))
    expect(status).toBe(200)
  })

  it('scales the player down to maxwidth and maxheight, keeping 16:9, and never up', async () => {
    const id = film.chunkIds[0]!
    const link = `${SITE}/play/${id}`
    const cases: [string, number, number][] = [
      ['&maxwidth=320', 320, 180],
      ['&maxheight=180', 320, 180],
      ['&maxwidth=500&maxheight=180', 320, 180],
      ['&maxwidth=300&maxheight=1000', 300, 168],
      ['&maxwidth=4000&maxheight=4000', 640, 360],
      ['&maxwidth=1', 1, 1],
    ]
    for (const [query, width, height] of cases) {
      const { status, body } = await app().fetchJson<OEmbedVideo>(oembed(link, query))
      expect(status, query).toBe(200)
      expect([body.width, body.height], query).toEqual([width, height])
      expect(body.html, query).toContain(`width="${width}" height="${height}"`)
    }
  })

  it('leaves the thumbnail out when the clip has none, and titles a clip without a part by its name', async () => {
    const { status, body } = await app().fetchJson<OEmbedVideo>(oembed(`${SITE}/play/${podcast.chunkIds[0]}`))
    expect(status).toBe(200)
    expect(body.title).toBe('Morning Talk')
    expect(body).not.toHaveProperty('thumbnail_url')
    expect(body).not.toHaveProperty('thumbnail_width')
    expect(body).not.toHaveProperty('thumbnail_height')
  })

  it('answers 404 for an unknown or disabled clip', async () => {
    for (const id of [film.chunkIds[1]!, 987654321]) {
      const { status, body, response } = await app().fetchJson(oembed(`${SITE}/play/${id}`))
      expect(status).toBe(404)
      expect(body).toEqual({ detail: 'Chunk not found' })
      expect(response.headers.get('access-control-allow-origin')).toBe('*')
    }
  })

  it('answers 404 for a link that is not a /play link of this site', async () => {
    const id = film.chunkIds[0]!
    const links = [
      `https://evil.example/play/${id}`,
      `http://localhost:4322/play/${id}`,
      `http://localhost.evil.example:4321/play/${id}`,
      `http://evil.example/localhost:4321/play/${id}`,
      `http://localhost:4321@evil.example/play/${id}`,
      `http://user:pass@localhost:4321/play/${id}`,
      `ftp://localhost:4321/play/${id}`,
      `javascript:alert(1)//localhost:4321/play/${id}`,
      `//localhost:4321/play/${id}`,
      `/play/${id}`,
      `${SITE}/play/`,
      `${SITE}/play/abc`,
      `${SITE}/play/0`,
      `${SITE}/play/-1`,
      `${SITE}/play/1.5`,
      `${SITE}/play/1e3`,
      `${SITE}/play/%31`,
      `${SITE}/play/${id}/extra`,
      `${SITE}/play//${id}`,
      `${SITE}/PLAY/${id}`,
      `${SITE}/plays/${id}`,
      `${SITE}/search?q=/play/${id}`,
      `${SITE}/embed/${id}`,
      `${SITE}/play/1234567890123456`,
      `${SITE}/play/99999999999999999999`,
      'not a url',
    ]
    for (const link of links) {
      const { status, body } = await app().fetchJson<{ detail: string }>(oembed(link))
      expect(status, link).toBe(404)
      expect(body.detail, link).toBe('url is not a PhraseReel clip link (/play/{id} on this site)')
    }
  })

  it('answers 400 for a missing or too long url and for bad sizes, 501 for any format but json', async () => {
    const link = `${SITE}/play/${film.chunkIds[0]}`
    const bad: [string, number, string][] = [
      ['/api/oembed', 400, 'url is required'],
      ['/api/oembed?url=', 400, 'url is required'],
      ['/api/oembed?url=%20%20', 400, 'url is required'],
      [oembed(`${link}?${'x'.repeat(2100)}`), 400, 'url must be at most 2048 characters'],
      [oembed(link, '&maxwidth=0'), 400, 'maxwidth must be a positive whole number'],
      [oembed(link, '&maxwidth=-5'), 400, 'maxwidth must be a positive whole number'],
      [oembed(link, '&maxwidth=12.5'), 400, 'maxwidth must be a positive whole number'],
      [oembed(link, '&maxheight=abc'), 400, 'maxheight must be a positive whole number'],
      [oembed(link, '&maxheight=99999999999'), 400, 'maxheight must be a positive whole number'],
      [oembed(link, '&format=xml'), 501, 'Only format=json is supported'],
      [oembed(link, '&format=yaml'), 501, 'Only format=json is supported'],
      [oembed(link, '&url=%00'), 400, 'NUL'],
    ]
    for (const [path, status, detail] of bad) {
      const answer = await app().fetchJson<{ detail: string }>(path)
      expect(answer.status, path.slice(0, 120)).toBe(status)
      expect(answer.body.detail, path.slice(0, 120)).toContain(detail)
    }
  })

  it('answers parallel callers alike, with no 5xx', async () => {
    const links = [
      ...film.chunkIds.map((id) => `${SITE}/play/${id}`),
      `${SITE}/play/x`,
      `https://other.example/play/${film.chunkIds[0]}`,
    ]
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => app().fetch(oembed(links[i % links.length]!))),
    )
    const statuses = answers.map((answer) => answer.status)
    expect(statuses.filter((status) => status === 200)).toHaveLength(10)
    expect(statuses.filter((status) => status === 404)).toHaveLength(30)
  })
})

describeEachDatabase(
  'oEmbed behind PUBLIC_SITE_URL',
  (app) => {
    let chunkId = 0
    beforeAll(async () => {
      const [seeded] = await seedContent(app().db, [
        { name: 'Morning Talk', chunks: [{ text: 'Hello there.' }] },
      ])
      chunkId = seeded!.chunkIds[0]!
    })

    it('links to the public origin, and takes links to it and to the host asked', async () => {
      for (const link of [
        `https://phrasereel.example/play/${chunkId}`,
        `http://localhost:4321/play/${chunkId}`,
      ]) {
        const { status, body } = await app().fetchJson<OEmbedVideo>(oembed(link))
        expect(status, link).toBe(200)
        expect(body.provider_url).toBe('https://phrasereel.example/')
        expect(body.html).toContain(`src="https://phrasereel.example/embed/${chunkId}"`)
        expect(body.thumbnail_url).toMatch(/^https:\/\/phrasereel\.example\/media\//)
      }
      const other = await app().fetchJson(oembed(`https://phrasereel.example.evil/play/${chunkId}`))
      expect(other.status).toBe(404)
    })
  },
  { env: { PUBLIC_SITE_URL: 'https://phrasereel.example' } },
)

describeEachDatabase(
  'oEmbed behind a trusted proxy',
  (app) => {
    it('takes the scheme from X-Forwarded-Proto only when TRUST_PROXY says so', async () => {
      const [seeded] = await seedContent(app().db, [{ name: 'Proxy', chunks: [{ text: 'Hi.' }] }])
      const id = seeded!.chunkIds[0]!
      const { status, body } = await app().fetchJson<OEmbedVideo>(
        oembed(`https://localhost:4321/play/${id}`),
        {
          headers: { 'x-forwarded-proto': 'https' },
        },
      )
      expect(status).toBe(200)
      expect(body.html).toContain(`src="https://localhost:4321/embed/${id}"`)
    })
  },
  { env: { TRUST_PROXY: '1' } },
)

describe('playLinkChunkId', () => {
  const hosts = new Set(['localhost:4321', 'phrasereel.example'])

  it('reads the id of a /play link on the given hosts only', () => {
    expect(playLinkChunkId('http://localhost:4321/play/42', hosts)).toBe(42)
    expect(playLinkChunkId('https://PhraseReel.Example/play/7/', hosts)).toBe(7)
    expect(playLinkChunkId('https://phrasereel.example:443/play/7', hosts)).toBe(7)
    expect(playLinkChunkId('https://phrasereel.example/play/1/../9', hosts)).toBe(9) // what a browser opens
    expect(playLinkChunkId('https://phrasereel.example:8443/play/7', hosts)).toBeNull()
    expect(playLinkChunkId('https://phrasereel.example/play/007', hosts)).toBe(7)
    expect(playLinkChunkId('https://phrasereel.example\\play\\7', hosts)).toBe(7) // browsers read \ as /
    expect(playLinkChunkId('https://phrasereel.example/play/7%2F', hosts)).toBeNull()
    expect(playLinkChunkId('https://phrasereel.example/play/000', hosts)).toBeNull()
  })
})

describe('embed snippets', () => {
  it('fits 640x360 into the bounds given', () => {
    expect(fitEmbedSize()).toEqual({ width: 640, height: 360 })
    expect(fitEmbedSize(480)).toEqual({ width: 480, height: 270 })
    expect(fitEmbedSize(null, 100)).toEqual({ width: 177, height: 99 })
  })

  it('titles a clip by name and part, or as untitled content', () => {
    expect(clipTitle({ name: 'The Long Road', content_part: 'Part 1' })).toBe('The Long Road · Part 1')
    expect(clipTitle({ name: ' ', content_part: null })).toBe('Untitled Content')
  })

  it('escapes the origin in attributes', () => {
    expect(iframeSnippet('http://a"b', 1)).toContain('src="http://a&quot;b/embed/1"')
  })
})
