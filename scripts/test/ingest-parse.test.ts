import { describe, expect, it } from 'vitest'
import type { MediaInfo } from '../src/ingest/ffmpeg.ts'
import { normalizeLanguage } from '../src/ingest/languages.ts'
import { groupClips, maxRunClips } from '../src/ingest/pipeline.ts'
import { type ClipPlan, planClips, segmentJson } from '../src/ingest/plan.ts'
import { type Cue, parseSubtitles } from '../src/ingest/subtitles.ts'
import { decodeText } from '../src/ingest/text.ts'
import { estimateWordTimings } from '../src/ingest/word-timing.ts'

const MSRT = `[*] Reference: https://example.org/video
[*] Translators: someone

1
00:00:00,360 --> 00:00:02,400
[deu] Guten Morgen.
[eng] Good morning, <i>Sir</i>.
[fra] Bonjour monsieur.
[jbo] coi

2
00:00:02,880 --> 00:00:07,000
[eng] Voices in the background:
- The best ingredients!
- Fruits and vegetables!
[zhtw] 背景的聲音
[spa] Voces de fondo:
- ¡Los mejores ingredientes!


3
00:00:07,200 --> 00:00:09,000
[eng] (LAUGHS)
[fra] (rires)

4
00:00:09,500 --> 00:00:11,000
[fra] Seulement en français.
`

describe('subtitle parsing', () => {
  it('reads a multi-language .msrt: transcript language, other languages as two-letter translations', () => {
    const parsed = parseSubtitles(MSRT, 'ep.msrt')
    expect(parsed.format).toBe('msrt')
    expect(parsed.cues.map((c) => c.text)).toEqual([
      'Good morning, Sir.',
      'Voices in the background: The best ingredients! Fruits and vegetables!',
    ])
    expect(parsed.cues[0]!.translations).toEqual({ de: 'Guten Morgen.', fr: 'Bonjour monsieur.' })
    expect(parsed.cues[1]!.translations).toEqual({
      zh: '背景的聲音',
      es: 'Voces de fondo: ¡Los mejores ingredientes!',
    })
    expect(parsed.languages).toEqual(['de', 'es', 'fr', 'zh'])
    // a sound-only cue and a cue without an English line do not become clips
    expect(parsed.skipped.map((s) => s.line)).toEqual([22, 27])
  })

  it('picks another transcript language of a .msrt on request', () => {
    const parsed = parseSubtitles(MSRT, 'ep.msrt', { language: 'fra' })
    expect(parsed.cues.map((c) => c.text)).toEqual(['Bonjour monsieur.', 'Seulement en français.'])
    expect(parsed.cues[0]!.translations.en).toBe('Good morning, Sir.')
  })

  it('reads WebVTT with header, notes, cue ids, short timestamps, voice and class tags', () => {
    const vtt = `WEBVTT - demo\nLanguage: en\n\nNOTE a note\nspanning lines\n\nSTYLE\n::cue { color: red }\n\nintro\n00:01.000 --> 00:02.500 align:start position:10%\n<v Bob>Hi <c.loud>there</c></v>\n\n00:00:03.000 --> 00:00:04.000\n<00:00:03.200>again &amp; again\n`
    const parsed = parseSubtitles(vtt, 'a.vtt')
    expect(parsed.format).toBe('vtt')
    expect(parsed.cues.map((c) => [c.start, c.end, c.text])).toEqual([
      [1, 2.5, 'Hi there'],
      [3, 4, 'again & again'],
    ])
  })

  it('removes markup, ASS overrides, music notes, speaker labels and joins multi-line cues', () => {
    const srt = `1\n00:00:01,000 --> 00:00:02,000\n{\\an8}<font color="#fff">JOHN: Break</font>\\Na <b>leg</b>!\n\n2\n00:00:03,000 --> 00:00:04,000\n♪ la la ♪\n(door slams) Wait!\n`
    const parsed = parseSubtitles(srt, 'a.srt')
    expect(parsed.cues.map((c) => c.text)).toEqual(['Break a leg!', 'la la Wait!'])
  })

  it('decodes a BOM, CRLF and Latin-1 bytes', () => {
    const latin1 = Uint8Array.from([0xbf, 0x43, 0xf3, 0x6d, 0x6f, 0x0d, 0x0a])
    expect(decodeText(latin1)).toBe('¿Cómo\n')
    const bom = new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode('1\r\nx')])
    expect(decodeText(bom)).toBe('1\nx')
    const utf16 = new Uint8Array([0xff, 0xfe, 0x68, 0x00, 0x69, 0x00])
    expect(decodeText(utf16)).toBe('hi')
  })

  it.each([
    ['1\n00:00:0X,000 --> 00:00:02,000\nHi\n', 'a.srt:2: malformed time'],
    ['1\n-00:00:01,000 --> 00:00:02,000\nHi\n', 'a.srt:2: negative time'],
    ['1\n00:00:03,000 --> 00:00:02,000\nHi\n', 'a.srt:2: cue ends (00:00:02,000) before or when it starts'],
    ['1\n00:00:01,000 --> 00:00:02,000\n\n', 'a.srt:2: empty cue'],
    [
      '1\n00:00:01,000 --> 00:00:05,000\nHi\n\n2\n00:00:03,000 --> 00:00:06,000\nYo\n',
      'a.srt:6: cue overlaps',
    ],
    [
      '1\n00:00:01,000 --> 00:00:02,000\nHi\n\n2\nno timing here\n',
      "a.srt:6: expected a timing line like '00:00:01,000 --> 00:00:04,000', found 'no timing here'",
    ],
    ['1\n00:00:01,000 --> 00:00:02,000\n[music]\n', 'a.srt: no cues with speech'],
  ])('rejects bad SRT with file, line and reason: %j', (text, message) => {
    expect(() => parseSubtitles(text, 'a.srt')).toThrow(message)
  })

  it('trims overlaps of a few milliseconds (rounding) instead of rejecting them', () => {
    const parsed = parseSubtitles(
      '1\n00:00:01,000 --> 00:00:02,020\nHi\n\n2\n00:00:02,000 --> 00:00:03,000\nYo\n',
      'a.srt',
    )
    expect(parsed.cues[0]!.end).toBe(2)
  })

  it('rejects WebVTT without its header', () => {
    expect(() => parseSubtitles('00:01.000 --> 00:02.000\nHi\n', 'a.vtt')).toThrow(
      "a.vtt:1: a WebVTT file must start with 'WEBVTT'",
    )
  })

  it.each([
    ['{"segments": [', 'a.json:1: invalid JSON'],
    ['{"cues": []}', "expected an object with a 'segments' array"],
    ['{"segments": [{"start": -1, "end": 2, "text": "x"}]}', 'segments[0].start: negative time -1'],
    ['{"segments": [{"start": 1, "end": 2, "text": " "}]}', 'segments[0]: empty segment'],
    [
      '{"segments": [{"start": 1, "end": 2, "words": [{"word": "x", "start": 1.5, "end": 2.5}]}]}',
      'segments[0].words[0]: 1.5–2.5 lies outside its segment 1–2',
    ],
    [
      '{"segments": [{"start": 0, "end": 2, "text": "a"}, {"start": 1, "end": 3, "text": "b"}]}',
      'segments[1]: cue overlaps the cue before it (segments[0])',
    ],
  ])('rejects bad word-timed JSON with the place and reason: %j', (text, message) => {
    expect(() => parseSubtitles(text, 'a.json')).toThrow(message)
  })

  it('takes word timings from word-timed JSON (whisper style, leading spaces)', () => {
    const parsed = parseSubtitles(
      JSON.stringify({
        segments: [
          {
            start: 1,
            end: 2,
            text: ' How are you?',
            words: [
              { word: ' How', start: 1, end: 1.3 },
              { word: ' are', start: 1.3, end: 1.5 },
              { word: ' you?', start: 1.5, end: 2 },
            ],
          },
        ],
      }),
      'w.json',
    )
    expect(parsed.cues[0]!.words).toEqual([
      { word: 'How', start: 1, end: 1.3 },
      { word: 'are', start: 1.3, end: 1.5 },
      { word: 'you?', start: 1.5, end: 2 },
    ])
  })
})

describe('language codes', () => {
  it.each([
    ['eng', 'en'],
    ['fre', 'fr'],
    ['deu', 'de'],
    ['pt-BR', 'pt'],
    ['zh_TW', 'zh'],
    ['zhtw', 'zh'],
    ['Persian', 'fa'],
    ['ara', 'ar'],
    ['heb', 'he'],
    ['iw', 'he'],
    ['urd', 'ur'],
    ['jbo', null],
    ['', null],
  ])('%s -> %s', (tag, code) => {
    expect(normalizeLanguage(tag)).toBe(code)
  })
})

describe('word timing estimate and clip plan', () => {
  it('spreads words over the cue in order, longer words longer, pauses after punctuation', () => {
    const words = estimateWordTimings('Well, I really do not understand it.', 10, 13)
    expect(words[0]!.start).toBe(10)
    expect(words.at(-1)!.end).toBe(13)
    for (let i = 1; i < words.length; i++) expect(words[i]!.start).toBeGreaterThanOrEqual(words[i - 1]!.end)
    const length = (w: { start: number; end: number }) => w.end - w.start
    expect(length(words[5]!)).toBeGreaterThan(length(words[4]!)) // understand > not
    expect(words[1]!.start - words[0]!.end).toBeGreaterThan(0.1) // pause after "Well,"
  })

  const cue = (start: number, end: number, text: string): Cue => ({
    start,
    end,
    text,
    line: 1,
    translations: {},
  })

  it('merges a very short cue into its close neighbour and pads without reaching into neighbouring speech', () => {
    const clips = planClips(
      [
        cue(1, 3, 'How are you?'),
        cue(3.2, 3.6, 'Fine.'),
        cue(5, 7, 'What do you mean?'),
        cue(7.1, 9, 'I do not know'),
      ],
      20,
      'a.srt',
    )
    expect(clips.map((c) => c.text)).toEqual(['How are you? Fine.', 'What do you mean?', 'I do not know'])
    expect(clips[0]!.start).toBe(0.75)
    expect(clips[0]!.end).toBe(3.85)
    expect(clips[1]!.end).toBe(7.1) // the next cue starts 0.1 s later: no padding into it
    expect(clips[2]!.start).toBe(7) // nor into the speech before
    const segments = segmentJson(clips[0]!).segments
    expect(segments.map((s) => s.index)).toEqual([0, 1])
    for (const s of segments)
      for (const w of s.words) {
        expect(w.start).toBeGreaterThanOrEqual(0)
        expect(w.end).toBeLessThanOrEqual(clips[0]!.end - clips[0]!.start)
      }
  })

  it('rejects a cue that starts after the media ends, naming its line', () => {
    expect(() => planClips([{ ...cue(30, 32, 'late'), line: 9 }], 20, 'a.srt')).toThrow(
      'a.srt:9: cue starts at 30.000s, after the end of the media (20.000s)',
    )
  })
})

describe('runs of clips for one ffmpeg process', () => {
  const clip = (order: number, start: number, end = start + 3): ClipPlan => ({
    order,
    start,
    end,
    cues: [],
    text: '',
    wordCount: 0,
  })
  const video = (height: number): MediaInfo => ({
    duration: 600,
    hasVideo: true,
    hasAudio: true,
    videoCodec: 'h264',
    width: Math.round((height * 16) / 9),
    height,
    fps: 25,
  })

  it('keeps neighbours together, up to the cap, splitting work for every job and at long gaps', () => {
    const clips = Array.from({ length: 30 }, (_, i) => clip(i, i * 4))
    const runs = groupClips(clips, 2, 12)
    expect(runs.map((run) => run.length)).toEqual([8, 8, 8, 6]) // a quarter each: two runs per job
    expect(runs.flat().map((c) => c.order)).toEqual(clips.map((c) => c.order))
    expect(groupClips(clips, 1, 12).map((run) => run.length)).toEqual([12, 12, 6])
    const gap = [clip(0, 0), clip(1, 4), clip(2, 20), clip(3, 24)]
    expect(groupClips(gap, 1, 12).map((run) => run.map((c) => c.order))).toEqual([
      [0, 1],
      [2, 3],
    ])
  })

  it('gives taller output shorter runs (one x264 encoder per clip in memory)', () => {
    expect(maxRunClips(video(1080))).toBe(12) // capped at the default 480p
    expect(maxRunClips(video(1080), 720)).toBe(5)
    expect(maxRunClips(video(1080), 1080)).toBe(2)
    expect(maxRunClips(video(2160), 2160)).toBe(2)
    expect(maxRunClips(video(240), 1080)).toBe(12)
    expect(maxRunClips({ ...video(1080), hasVideo: false, height: null }, 1080)).toBe(12)
  })
})
