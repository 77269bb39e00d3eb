/**
 * Translations of clips: other languages of an `.msrt`, per-language subtitle files aligned to the clips by time,
 * and a JSON file with Full, Literal (word-by-word) and Keywords data.
 */
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { normalizeLanguage } from './languages.ts'
import type { ClipPlan } from './plan.ts'
import { SubtitleError, readSubtitles } from './subtitles.ts'
import { decodeText, splitWords } from './text.ts'

/** What one language says about one cue, in seconds of the source. */
export interface TimedTranslation {
  start: number
  end: number
  language: string
  full?: string
  /** One entry per word of the cue's transcript, in order (empty string: no gloss). */
  literal?: string[]
  keywords?: { phrase: string; translation: string }[]
}

/** A translation row as stored (spec §3 Translation). */
export interface ClipTranslation {
  language: string
  translation_data: { translated_phrase: string } | null
  translation_literal_data: { words: Record<string, string>[] } | null
  translation_comprehension_data: { phrase: string; translation: string }[] | null
}

/**
 * Reads a translation source: a `.json` translation-data file, or a subtitle file whose language comes from a
 * `xx:` prefix (`es:movie.srt`), from its name (`movie.es.srt`, `movie.spa.vtt`) or a WebVTT `Language:` header.
 */
export async function readTranslationSource(spec: string): Promise<TimedTranslation[]> {
  const prefixed = /^([A-Za-z]{2,3}(?:[-_][A-Za-z]{2,4})?):(.+)$/.exec(spec)
  const file = prefixed && !/^[A-Za-z]:[\\/]/.test(spec) ? prefixed[2]! : spec
  if (path.extname(file).toLowerCase() === '.json') return readTranslationJson(file)
  const parsed = await readSubtitles(file, { language: prefixed?.[1] ?? languageFromName(file) ?? 'und' })
  if (parsed.format === 'msrt') {
    return parsed.cues.flatMap((cue) =>
      Object.entries(cue.translations).map(([language, full]) => ({
        start: cue.start,
        end: cue.end,
        language,
        full,
      })),
    )
  }
  let tag = prefixed?.[1] ?? languageFromName(file)
  if (!tag && parsed.format === 'vtt') {
    const header = decodeText(await readFile(file)).split('\n\n', 1)[0] ?? ''
    tag = /^Language:\s*(\S+)/m.exec(header)?.[1] ?? null
  }
  const language = tag ? normalizeLanguage(tag) : null
  if (!language)
    throw new SubtitleError(
      file,
      null,
      `cannot tell the language of this translation: name it like 'movie.es.srt' or pass 'es:${file}'`,
    )
  return parsed.cues.map((cue) => ({ start: cue.start, end: cue.end, language, full: cue.text }))
}

function languageFromName(file: string): string | null {
  const parts = path.basename(file).split('.')
  if (parts.length < 3) return null
  const tag = parts.at(-2)!
  return normalizeLanguage(tag) && /^[A-Za-z]{2,3}([-_][A-Za-z]{2,4})?$/.test(tag) ? tag : null
}

/**
 * Translation-data JSON: `{ "cues": [ { "start", "end", "translations": { "es": { "full", "literal": [..],
 * "keywords": [ { "phrase", "translation" } ] } } } ] }`, times in seconds of the source.
 */
export async function readTranslationJson(file: string): Promise<TimedTranslation[]> {
  let data: unknown
  try {
    data = JSON.parse(decodeText(await readFile(file)))
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    throw new SubtitleError(
      file,
      null,
      code === 'ENOENT' ? 'file not found' : `invalid JSON (${(error as Error).message})`,
    )
  }
  const cues = (data as { cues?: unknown })?.cues
  if (!Array.isArray(cues)) throw new SubtitleError(file, null, "expected an object with a 'cues' array")
  const out: TimedTranslation[] = []
  cues.forEach((raw: unknown, i) => {
    const where = `cues[${i}]`
    const cue = (raw ?? {}) as Record<string, unknown>
    const { start, end } = cue
    if (typeof start !== 'number' || typeof end !== 'number' || start < 0 || end <= start)
      throw new SubtitleError(file, null, `${where}: needs numeric 'start' and 'end' with 0 <= start < end`)
    const translations = cue.translations
    if (!translations || typeof translations !== 'object')
      throw new SubtitleError(file, null, `${where}.translations: expected an object keyed by language`)
    for (const [tag, value] of Object.entries(translations as Record<string, unknown>)) {
      const at = `${where}.translations.${tag}`
      const language = normalizeLanguage(tag)
      if (!language) throw new SubtitleError(file, null, `${at}: unknown language '${tag}'`)
      const t = (value ?? {}) as Record<string, unknown>
      const entry: TimedTranslation = { start, end, language }
      if (t.full !== undefined) {
        if (typeof t.full !== 'string' || !t.full.trim())
          throw new SubtitleError(file, null, `${at}.full: expected text`)
        entry.full = t.full.trim()
      }
      if (t.literal !== undefined) {
        if (!Array.isArray(t.literal) || !t.literal.every((w) => typeof w === 'string'))
          throw new SubtitleError(file, null, `${at}.literal: expected an array of strings, one per word`)
        entry.literal = t.literal as string[]
      }
      if (t.keywords !== undefined) {
        const ok =
          Array.isArray(t.keywords) &&
          t.keywords.every(
            (k) => k && typeof k.phrase === 'string' && typeof k.translation === 'string' && k.phrase.trim(),
          )
        if (!ok) throw new SubtitleError(file, null, `${at}.keywords: expected [{ "phrase", "translation" }]`)
        entry.keywords = t.keywords as { phrase: string; translation: string }[]
      }
      out.push(entry)
    }
  })
  return out
}

/**
 * The translations of one clip: every timed translation whose middle falls inside the speech of one of the clip's
 * cues joins that cue; literal glosses are numbered by the clip's word positions (1-based).
 */
export function translationsForClip(clip: ClipPlan, sources: TimedTranslation[]): ClipTranslation[] {
  const byLanguage = new Map<
    string,
    {
      full: string[]
      literal: Record<string, string>[]
      keywords: ClipTranslation['translation_comprehension_data'] & {}
    }
  >()
  const get = (language: string) => {
    let entry = byLanguage.get(language)
    if (!entry) {
      entry = { full: [], literal: [], keywords: [] }
      byLanguage.set(language, entry)
    }
    return entry
  }
  let wordOffset = 0
  for (const cue of clip.cues) {
    const inside = (t: TimedTranslation) => {
      const middle = (t.start + t.end) / 2
      return middle >= cue.start - 0.01 && middle <= cue.end + 0.01
    }
    for (const [language, full] of Object.entries(cue.translations)) get(language).full.push(full)
    for (const t of sources.filter(inside)) {
      const entry = get(t.language)
      if (t.full) entry.full.push(t.full)
      if (t.literal) {
        const count = splitWords(cue.text).length
        t.literal.slice(0, count).forEach((word, i) => {
          if (word.trim()) entry.literal.push({ [String(wordOffset + i + 1)]: word.trim() })
        })
      }
      if (t.keywords) entry.keywords.push(...t.keywords)
    }
    wordOffset += cue.words.length
  }
  return [...byLanguage.entries()]
    .filter(([, e]) => e.full.length > 0 || e.literal.length > 0 || e.keywords.length > 0)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([language, e]) => ({
      language,
      translation_data: e.full.length > 0 ? { translated_phrase: e.full.join(' ') } : null,
      translation_literal_data: e.literal.length > 0 ? { words: e.literal } : null,
      translation_comprehension_data: e.keywords.length > 0 ? e.keywords : null,
    }))
}
