/**
 * The JSONL import format: one chunk per line with its content metadata, transcript and optional word timings.
 *
 *   {"content": {"name": "The Long Road", "category": "movie", "genre": "drama", "year": 2019, "part": "1",
 *                "link": "https://…", "key": "long-road-1"},
 *    "text": "I don't know.", "order": 0, "duration": 1.8, "chunk_type": "video", "enabled": true,
 *    "words": [{"word": "I", "start": 0.1, "end": 0.2}, …]}
 *
 * Only `content.name` and `text` are required. `content.key` identifies the content item across imports (default:
 * a hash of its fields); `order` the chunk within it (default: its position among the file's lines for that item).
 */
import { createHash } from 'node:crypto'
import type { ImportChunk } from '@phrasereel/api/import-batch'

/** Longest transcript a line may carry. */
export const MAX_TEXT_CHARS = 5000
/** Most word timings a line may carry. */
export const MAX_WORDS = 1000
const MAX_SECONDS = 86_400

const LINE_FIELDS = new Set(['content', 'text', 'order', 'duration', 'chunk_type', 'enabled', 'words'])
const CONTENT_FIELDS = new Set(['name', 'category', 'genre', 'year', 'part', 'link', 'key'])
const WORD_FIELDS = new Set(['word', 'start', 'end'])

/** A line's defect, with the field it concerns; checks run by hand because a million lines must check fast. */
class LineDefect extends Error {}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function checkFields(value: Record<string, unknown>, allowed: Set<string>, where: string): void {
  for (const key in value) if (!allowed.has(key)) throw new LineDefect(`unknown field ${where}${key}`)
}

function checkString(value: unknown, field: string, max: number): string {
  if (typeof value !== 'string') throw new LineDefect(`${field} must be a string`)
  if (value.length > max) throw new LineDefect(`${field} is longer than ${max} characters`)
  if (value.includes('\u0000')) throw new LineDefect(`${field} must not contain NUL characters`)
  return value
}

function optionalString(value: unknown, field: string, max: number): string | null {
  if (value === undefined || value === null) return null
  return checkString(value, field, max).trim() || null
}

function checkNumber(value: unknown, field: string, min: number, max: number, integer = false): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) throw new LineDefect(`${field} must be a number`)
  if (integer && !Number.isInteger(value)) throw new LineDefect(`${field} must be a whole number`)
  if (value < min || value > max) throw new LineDefect(`${field} must be between ${min} and ${max}`)
  return value
}

function required(value: unknown, field: string): unknown {
  if (value === undefined || value === null) throw new LineDefect(`${field} is required`)
  return value
}

/** One valid line: a chunk as the api's import writes it, and its place in its content item. */
export interface ImportRecord extends ImportChunk {
  /** Explicit order, or undefined to take the next position of the content item. */
  order: number | undefined
}

/** Parses one line; returns the record or the reason it is invalid. */
export function parseLine(line: string): { record: ImportRecord } | { error: string } {
  let data: unknown
  try {
    data = JSON.parse(line)
  } catch (error) {
    return { error: `not valid JSON (${(error as Error).message})` }
  }
  try {
    return { record: toRecord(data) }
  } catch (error) {
    if (error instanceof LineDefect) return { error: error.message }
    throw error
  }
}

function toRecord(data: unknown): ImportRecord {
  if (!isObject(data)) throw new LineDefect('expected a JSON object')
  checkFields(data, LINE_FIELDS, '')
  const raw = required(data.content, 'content')
  if (!isObject(raw)) throw new LineDefect('content must be an object')
  checkFields(raw, CONTENT_FIELDS, 'content.')
  const name = checkString(required(raw.name, 'content.name'), 'content.name', 300).trim()
  if (name === '') throw new LineDefect('content.name must not be blank')
  const content = {
    name,
    category: optionalString(raw.category, 'content.category', 100),
    genre: optionalString(raw.genre, 'content.genre', 100),
    year:
      raw.year === undefined || raw.year === null
        ? null
        : checkNumber(raw.year, 'content.year', 1800, 2200, true),
    part: optionalString(raw.part, 'content.part', 100),
    link: optionalString(raw.link, 'content.link', 2000),
  }
  const key = optionalString(raw.key, 'content.key', 200)
  const text = checkString(required(data.text, 'text'), 'text', MAX_TEXT_CHARS)
  if (text.trim() === '') throw new LineDefect('text must not be blank')
  const order =
    data.order === undefined ? undefined : checkNumber(data.order, 'order', 0, 2_000_000_000, true)
  const duration =
    data.duration === undefined ? undefined : checkNumber(data.duration, 'duration', 0, MAX_SECONDS)
  let chunkType = 'video'
  if (data.chunk_type !== undefined) {
    chunkType = checkString(data.chunk_type, 'chunk_type', 20)
    if (!/^[a-z]{1,20}$/.test(chunkType))
      throw new LineDefect('chunk_type must be a lowercase word such as video or audio')
  }
  if (data.enabled !== undefined && typeof data.enabled !== 'boolean')
    throw new LineDefect('enabled must be true or false')
  let words: ImportRecord['words'] = null
  let lastEnd = 0
  if (data.words !== undefined && data.words !== null) {
    if (!Array.isArray(data.words)) throw new LineDefect('words must be a list')
    if (data.words.length > MAX_WORDS) throw new LineDefect(`words has more than ${MAX_WORDS} entries`)
    words = data.words.map((item: unknown, i: number) => {
      const field = `words.${i}`
      if (!isObject(item)) throw new LineDefect(`${field} must be an object`)
      checkFields(item, WORD_FIELDS, `${field}.`)
      const word = checkString(required(item.word, `${field}.word`), `${field}.word`, 200)
      const start = checkNumber(required(item.start, `${field}.start`), `${field}.start`, 0, MAX_SECONDS)
      const end = checkNumber(required(item.end, `${field}.end`), `${field}.end`, 0, MAX_SECONDS)
      if (end < start) throw new LineDefect(`${field}: word ends (${end}s) before it starts (${start}s)`)
      lastEnd = Math.max(lastEnd, end)
      return { word, start, end }
    })
  }
  if (duration !== undefined && lastEnd > duration + 0.05) {
    throw new LineDefect(`words: a word ends at ${lastEnd}s, after the clip's duration of ${duration}s`)
  }
  return {
    contentKey: key ?? contentKeyOf(content),
    content,
    text,
    order,
    duration: duration ?? lastEnd,
    chunkType,
    enabled: data.enabled ?? true,
    words,
  }
}

/** The default key of a content item: its fields, hashed, so the same item in two files is one row. */
export function contentKeyOf(content: ImportRecord['content']): string {
  const fields = [content.name, content.part, content.category, content.genre, content.year, content.link]
  return `import:${createHash('sha256').update(JSON.stringify(fields)).digest('base64url').slice(0, 32)}`
}
