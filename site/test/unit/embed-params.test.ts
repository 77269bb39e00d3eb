/** The embed page's URL parameters (issue 16): they mirror the JS API's options; bad values fall back. */
import { describe, expect, it } from 'vitest'
import { MAX_REPEAT, readEmbedParams } from '../../src/components/embed/embed-params.ts'

const read = (query: string) => readEmbedParams(new URLSearchParams(query))

describe('readEmbedParams', () => {
  it('has the defaults without parameters: dark, speed 1, each clip once, no autoplay, all parts but search', () => {
    expect(read('')).toEqual({
      id: '',
      origin: '',
      query: null,
      lang: null,
      theme: 'dark',
      speed: 1,
      repeat: 1,
      autoplay: false,
      muted: false,
      components: { subtitles: true, translations: true, controls: true, info: true, search: false },
    })
  })

  it('reads every option', () => {
    expect(
      read(
        'q=+break%20a%20leg+&lang=FR&theme=light&speed=0.75&repeat=3&autoplay=1&muted=true&subtitles=0&translations=no&controls=off&info=false&search=1&id=phrasereel-1-abc&origin=https://host.example/page',
      ),
    ).toEqual({
      id: 'phrasereel-1-abc',
      origin: 'https://host.example',
      query: 'break a leg',
      lang: 'fr',
      theme: 'light',
      speed: 0.75,
      repeat: 3,
      autoplay: true,
      muted: true,
      components: { subtitles: false, translations: false, controls: false, info: false, search: true },
    })
  })

  it('falls back on bad values instead of failing the embed', () => {
    const params = read(`lang=french&theme=blue&speed=3&repeat=-2&id=${'x'.repeat(80)}&origin=not-a-url`)
    expect(params).toMatchObject({ lang: null, theme: 'dark', speed: 1, repeat: 1, id: '', origin: '' })
    expect(read('repeat=1.5').repeat).toBe(1)
    expect(read('repeat=500').repeat).toBe(MAX_REPEAT)
    expect(read('id=<script>').id).toBe('')
    expect(read(`q=${'a'.repeat(600)}`).query).toHaveLength(500)
  })
})
