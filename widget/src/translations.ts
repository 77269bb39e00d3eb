import { LANGUAGE_FLAGS, RTL_LANGUAGES } from '@phrasereel/api/shared/limits'
import type { PlayerTranslation, SegmentWord } from './types.ts'

/** The tabs of the translations panel. */
export type TranslationTab = 'full' | 'literal' | 'keywords'

/**
 * Tabs one translation offers (spec §2.5): Full only with translation_data, Literal always (it says when there is
 * no alignment), Keywords only with non-empty comprehension data.
 */
export function availableTabs(translation: PlayerTranslation | null | undefined): TranslationTab[] {
  if (!translation) return []
  const tabs: TranslationTab[] = []
  if (translation.translation_data?.translated_phrase) tabs.push('full')
  tabs.push('literal')
  if ((translation.translation_comprehension_data ?? []).length > 0) tabs.push('keywords')
  return tabs
}

/** Whether a language is written right to left (spec §3: fa, ar, he, ur). */
export function isRtl(language: string): boolean {
  return RTL_LANGUAGES.includes(baseLanguage(language))
}

function baseLanguage(language: string): string {
  return language.toLowerCase().split(/[-_]/)[0] ?? ''
}

/**
 * The flag image of a language per the spec §3 map: a self-hosted SVG (`site/public/flags/`, from flag-icons, MIT)
 * under the site's origin (`base`, '' for the page's own), since emoji flags do not render on every system; null
 * when the map has none.
 */
export function languageFlagUrl(language: string, base = ''): string | null {
  const country = LANGUAGE_FLAGS[baseLanguage(language)]
  return country ? `${base.replace(/\/$/, '')}/flags/${country}.svg` : null
}

/** One row of the word-by-word table. */
export interface LiteralRow {
  /** 1-based position of the word in the clip. */
  position: number
  original: string
  translation: string
  /** Start time of the original word, null when the clip has no word timings. */
  start: number | null
  end: number | null
}

/**
 * Pair each original word with its literal translation (spec §3: `words` is a list of single-entry objects
 * mapping a 1-based word index to the translated word). Original words come from the timed segments, or from the
 * transcript when there are none. Entries pointing past the clip's words are dropped.
 */
export function pairLiteral(
  translation: PlayerTranslation | null | undefined,
  timedWords: readonly SegmentWord[],
  transcript: string | null,
): LiteralRow[] {
  const entries = translation?.translation_literal_data?.words
  if (!Array.isArray(entries) || entries.length === 0) return []
  const plain = timedWords.length > 0 ? null : (transcript ?? '').split(/\s+/).filter(Boolean)
  const byPosition = new Map<number, string>()
  for (const entry of entries) {
    if (!entry || typeof entry !== 'object') continue
    for (const [key, value] of Object.entries(entry)) {
      const position = Number(key)
      if (Number.isInteger(position) && position >= 1 && typeof value === 'string')
        byPosition.set(position, value)
    }
  }
  const rows: LiteralRow[] = []
  for (const position of [...byPosition.keys()].sort((a, b) => a - b)) {
    const timed = timedWords[position - 1]
    const original = timed?.word ?? plain?.[position - 1]
    if (original === undefined) continue
    rows.push({
      position,
      original,
      translation: byPosition.get(position)!,
      start: timed ? timed.start : null,
      end: timed ? timed.end : null,
    })
  }
  return rows
}

/** Index of the row whose word is being said at `time`, -1 when none. */
export function currentLiteralRow(rows: readonly LiteralRow[], time: number): number {
  for (let i = rows.length - 1; i >= 0; i--) {
    const r = rows[i]!
    if (r.start !== null && r.end !== null && time >= r.start) return time < r.end ? i : -1
  }
  return -1
}
