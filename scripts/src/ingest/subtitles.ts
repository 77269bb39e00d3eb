/**
 * Subtitle readers: SRT, WebVTT, multi-language `.msrt` (SRT whose text lines carry `[eng]`, `[fra]`… prefixes)
 * and word-timed JSON. A hand-written reader rather than an npm parser because every error must name the file,
 * the line and the reason, and the parsers tried swallow malformed timings silently (docs/decisions/040).
 */
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { CliError } from '../cli/errors.ts'
import { normalizeLanguage } from './languages.ts'
import { cleanCueText, decodeText, hasWords, stripSoundDescriptions } from './text.ts'

/** A timed word, in seconds of the source media. */
export interface TimedWord {
  word: string
  start: number
  end: number
}

/** One cue of speech, in seconds of the source media. */
export interface Cue {
  start: number
  end: number
  /** One line of plain text: markup and sound descriptions removed. */
  text: string
  /** 1-based line of the cue's timing line (or of the JSON segment) for messages. */
  line: number
  /** Word timings when the input had them. */
  words?: TimedWord[]
  /** Other languages of the same cue (`.msrt`), by two-letter code. */
  translations: Record<string, string>
}

export type SubtitleFormat = 'srt' | 'vtt' | 'msrt' | 'json'

export interface ParsedSubtitles {
  format: SubtitleFormat
  cues: Cue[]
  /** Cues that do not become clips (only sound descriptions, no line in the transcript language). */
  skipped: { line: number; reason: string }[]
  /** Languages seen besides the transcript language (two-letter). */
  languages: string[]
}

/** Bad subtitle input: the message reads `file:line: reason`. */
export class SubtitleError extends CliError {
  override name = 'SubtitleError'
  constructor(file: string, line: number | null, reason: string) {
    super(`${file}${line ? `:${line}` : ''}: ${reason}`)
  }
}

/** Largest overlap between consecutive cues that is treated as rounding and trimmed rather than rejected. */
const OVERLAP_TOLERANCE = 0.05

export interface ReadSubtitlesOptions {
  /** Transcript language of a `.msrt` file (any tag `normalizeLanguage` knows); default English. */
  language?: string
}

/** Reads and validates a subtitle file; throws `SubtitleError` (file, line, reason) on bad input. */
export async function readSubtitles(
  file: string,
  options: ReadSubtitlesOptions = {},
): Promise<ParsedSubtitles> {
  let bytes: Uint8Array
  try {
    bytes = await readFile(file)
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    throw new SubtitleError(file, null, code === 'ENOENT' ? 'file not found' : `cannot read (${code})`)
  }
  return parseSubtitles(decodeText(bytes), file, options)
}

/** Parses decoded subtitle text; `file` names it in errors and its extension picks the format. */
export function parseSubtitles(
  text: string,
  file: string,
  options: ReadSubtitlesOptions = {},
): ParsedSubtitles {
  const format = detectFormat(text, file)
  if (format === 'json') return finish(parseJson(text, file), file, 'json', [])
  const language = normalizeLanguage(options.language ?? 'en') ?? 'en'
  const raw = parseBlocks(text, file, format)
  const skipped: ParsedSubtitles['skipped'] = []
  const languages = new Set<string>()
  const cues: Cue[] = []
  for (const block of raw) {
    let lines = block.lines
    const translations: Record<string, string> = {}
    if (format === 'msrt') {
      const byLanguage = splitLanguages(block.lines)
      for (const [tag, langLines] of byLanguage) {
        const code = normalizeLanguage(tag)
        if (!code || code === language) continue
        const cleaned = stripSoundDescriptions(cleanCueText(langLines))
        if (hasWords(cleaned)) {
          translations[code] = cleaned
          languages.add(code)
        }
      }
      const own = [...byLanguage].find(([tag]) => normalizeLanguage(tag) === language)
      if (!own) {
        skipped.push({ line: block.line, reason: `no [${language}] line` })
        continue
      }
      lines = own[1]
    }
    if (lines.length === 0) throw new SubtitleError(file, block.line, 'empty cue: a timing line with no text')
    const cleaned = stripSoundDescriptions(cleanCueText(lines))
    if (!hasWords(cleaned)) {
      skipped.push({ line: block.line, reason: 'only a sound description or markup' })
      continue
    }
    cues.push({ start: block.start, end: block.end, text: cleaned, line: block.line, translations })
  }
  return finish({ cues, skipped }, file, format, [...languages].sort())
}

function detectFormat(text: string, file: string): SubtitleFormat {
  const ext = path.extname(file).toLowerCase()
  if (ext === '.json') return 'json'
  if (ext === '.vtt' || /^WEBVTT(?:[ \t].*)?$/m.test(text.split('\n', 1)[0] ?? '')) return 'vtt'
  if (ext === '.msrt' || /^\[[a-z]{2,4}\] /m.test(text)) return 'msrt'
  if (ext === '.srt' || text.includes('-->')) return 'srt'
  const trimmed = text.trimStart()
  if (trimmed.startsWith('{') || trimmed.startsWith('[')) return 'json'
  throw new SubtitleError(
    file,
    null,
    'unknown subtitle format (expected .srt, .vtt, .msrt or word-timed .json)',
  )
}

interface RawCue {
  line: number
  start: number
  end: number
  lines: string[]
}

const TIMING = /^\s*(\S+)\s*-->\s*(\S+)(?:\s+.*)?$/

/** Cue blocks of SRT, `.msrt` and WebVTT text, with times checked. */
function parseBlocks(text: string, file: string, format: SubtitleFormat): RawCue[] {
  const lines = text.split('\n')
  const blocks: { line: number; lines: string[] }[] = []
  let current: { line: number; lines: string[] } | null = null
  lines.forEach((line, i) => {
    if (line.trim() === '') {
      current = null
      return
    }
    if (!current) {
      current = { line: i + 1, lines: [] }
      blocks.push(current)
    }
    current.lines.push(line)
  })
  const cues: RawCue[] = []
  blocks.forEach((block, blockIndex) => {
    if (format === 'vtt') {
      if (blockIndex === 0) {
        if (!/^WEBVTT/.test(block.lines[0]!))
          throw new SubtitleError(file, block.line, "a WebVTT file must start with 'WEBVTT'")
        return
      }
      if (/^(NOTE|STYLE|REGION)(\s|$)/.test(block.lines[0]!)) return
    }
    // msrt files open with `[*]` comment lines (credits, links) before the first cue
    if (format === 'msrt' && cues.length === 0 && block.lines.every((line) => line.startsWith('[*]'))) return
    const timingAt = TIMING.test(block.lines[0]!)
      ? 0
      : block.lines.length > 1 && TIMING.test(block.lines[1]!)
        ? 1
        : -1
    if (timingAt < 0) {
      const numbered = block.lines.length > 1 && /^\d+$/.test(block.lines[0]!.trim())
      const hint = block.lines[numbered ? 1 : 0]!
      const where = block.line + (numbered ? 1 : 0)
      throw new SubtitleError(
        file,
        where,
        `expected a timing line like '00:00:01,000 --> 00:00:04,000', found '${truncate(hint)}'`,
      )
    }
    const lineNo = block.line + timingAt
    const match = TIMING.exec(block.lines[timingAt]!)!
    const start = parseTimestamp(match[1]!, file, lineNo)
    const end = parseTimestamp(match[2]!, file, lineNo)
    if (end <= start)
      throw new SubtitleError(file, lineNo, `cue ends (${match[2]}) before or when it starts (${match[1]})`)
    cues.push({ line: lineNo, start, end, lines: block.lines.slice(timingAt + 1) })
  })
  return cues
}

const TIMESTAMP = /^(?:(\d+):)?(\d{1,2}):(\d{1,2})(?:[,.](\d{1,3}))?$/

function parseTimestamp(value: string, file: string, line: number): number {
  if (value.startsWith('-')) throw new SubtitleError(file, line, `negative time '${value}'`)
  const match = TIMESTAMP.exec(value)
  if (!match)
    throw new SubtitleError(file, line, `malformed time '${truncate(value)}' (expected hh:mm:ss,mmm)`)
  const [, h, m, s, ms] = match
  if (Number(m) > 59 || Number(s) > 59) throw new SubtitleError(file, line, `malformed time '${value}'`)
  return Number(h ?? 0) * 3600 + Number(m) * 60 + Number(s) + Number((ms ?? '0').padEnd(3, '0')) / 1000
}

/** Groups `.msrt` text lines by their `[tag]` prefix; unprefixed lines continue the language above them. */
function splitLanguages(lines: string[]): Map<string, string[]> {
  const out = new Map<string, string[]>()
  let currentTag: string | null = null
  for (const line of lines) {
    const match = /^\[([A-Za-z]{2,8}(?:[-_][A-Za-z]{2,4})?)\]\s?(.*)$/.exec(line)
    if (match) {
      currentTag = match[1]!.toLowerCase()
      if (!out.has(currentTag)) out.set(currentTag, [])
      out.get(currentTag)!.push(match[2]!)
    } else if (currentTag) {
      out.get(currentTag)!.push(line)
    }
  }
  return out
}

/** Word-timed JSON: `{ "segments": [ { "start", "end", "text"?, "words"?: [ { "word", "start", "end" } ] } ] }`. */
function parseJson(text: string, file: string): { cues: Cue[]; skipped: ParsedSubtitles['skipped'] } {
  let data: unknown
  try {
    data = JSON.parse(text)
  } catch (error) {
    const message = (error as Error).message
    const position = /position (\d+)/.exec(message)
    const line = position
      ? text.slice(0, Number(position[1])).split('\n').length
      : /end of JSON/i.test(message)
        ? text.split('\n').length
        : null
    throw new SubtitleError(file, line, `invalid JSON (${message})`)
  }
  const segments = Array.isArray(data) ? data : (data as { segments?: unknown })?.segments
  if (!Array.isArray(segments))
    throw new SubtitleError(file, null, "expected an object with a 'segments' array")
  const cues: Cue[] = []
  const skipped: ParsedSubtitles['skipped'] = []
  segments.forEach((segment: unknown, i) => {
    const where = `segments[${i}]`
    const line = i + 1
    if (!segment || typeof segment !== 'object')
      throw new SubtitleError(file, null, `${where}: not an object`)
    const s = segment as Record<string, unknown>
    const start = jsonTime(s.start, file, `${where}.start`)
    const end = jsonTime(s.end, file, `${where}.end`)
    if (end <= start)
      throw new SubtitleError(file, null, `${where}: ends (${end}) before or when it starts (${start})`)
    let words: TimedWord[] | undefined
    if (s.words !== undefined) {
      if (!Array.isArray(s.words)) throw new SubtitleError(file, null, `${where}.words: expected an array`)
      words = []
      for (const [j, w] of (s.words as unknown[]).entries()) {
        const at = `${where}.words[${j}]`
        const entry = (w ?? {}) as Record<string, unknown>
        const raw = entry.word ?? entry.text
        if (typeof raw !== 'string') throw new SubtitleError(file, null, `${at}: expected a 'word' string`)
        const ws = jsonTime(entry.start, file, `${at}.start`)
        const we = jsonTime(entry.end, file, `${at}.end`)
        if (we < ws) throw new SubtitleError(file, null, `${at}: ends (${we}) before it starts (${ws})`)
        if (ws < start - 0.05 || we > end + 0.05)
          throw new SubtitleError(file, null, `${at}: ${ws}–${we} lies outside its segment ${start}–${end}`)
        const previous = words.at(-1)
        if (previous && ws < previous.start)
          throw new SubtitleError(file, null, `${at}: starts before the word before it`)
        const word = cleanCueText([raw])
        if (hasWords(word)) words.push({ word, start: Math.max(start, ws), end: Math.min(end, we) })
      }
    }
    const rawText = typeof s.text === 'string' ? s.text : words ? words.map((w) => w.word).join(' ') : null
    if (rawText === null) throw new SubtitleError(file, null, `${where}: needs 'text' or 'words'`)
    if (rawText.trim() === '') throw new SubtitleError(file, null, `${where}: empty segment`)
    const cleaned = stripSoundDescriptions(cleanCueText(rawText.split('\n')))
    if (!hasWords(cleaned)) {
      skipped.push({ line, reason: 'only a sound description or markup' })
      return
    }
    // word-level input wins over the text when both are present and disagree
    const text = words && words.length > 0 ? words.map((w) => w.word).join(' ') : cleaned
    cues.push({ start, end, text, line, ...(words && words.length > 0 ? { words } : {}), translations: {} })
  })
  return { cues, skipped }
}

function jsonTime(value: unknown, file: string, where: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value))
    throw new SubtitleError(file, null, `${where}: expected a number of seconds`)
  if (value < 0) throw new SubtitleError(file, null, `${where}: negative time ${value}`)
  return value
}

/** Sorts cues, rejects real overlaps, trims rounding overlaps and rejects files without any speech. */
function finish(
  parsed: { cues: Cue[]; skipped: ParsedSubtitles['skipped'] },
  file: string,
  format: SubtitleFormat,
  languages: string[],
): ParsedSubtitles {
  const cues = [...parsed.cues].sort((a, b) => a.start - b.start || a.line - b.line)
  for (let i = 1; i < cues.length; i++) {
    const previous = cues[i - 1]!
    const cue = cues[i]!
    const overlap = previous.end - cue.start
    if (overlap > OVERLAP_TOLERANCE) {
      const json = format === 'json'
      const before = json ? `segments[${previous.line - 1}]` : `line ${previous.line}`
      throw new SubtitleError(
        file,
        json ? null : cue.line,
        `${json ? `segments[${cue.line - 1}]: ` : ''}cue overlaps the cue before it (${before}) by ${overlap.toFixed(3)}s`,
      )
    }
    if (overlap > 0) previous.end = cue.start
  }
  if (cues.length === 0) throw new SubtitleError(file, null, 'no cues with speech')
  return { format, cues, skipped: parsed.skipped, languages }
}

function truncate(value: string): string {
  return value.length > 60 ? `${value.slice(0, 57)}…` : value
}
