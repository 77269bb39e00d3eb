import type { z } from 'zod'
import { MESSAGES } from '../shared/messages.ts'
import {
  ApiError,
  BadRequestError,
  PayloadTooLargeError,
  UnsupportedMediaTypeError,
  ValidationError,
} from './errors.ts'

/** Largest JSON body any API call accepts. */
export const MAX_JSON_BODY_BYTES = 64 * 1024

/** Largest id PostgreSQL's bigint holds that is also exact in a JavaScript number. */
const MAX_ID = Number.MAX_SAFE_INTEGER

/** Parses a positive integer id from a path or query value; anything else is a 400 naming the field. */
export function parseId(value: string | null | undefined, name: string): number {
  if (value == null || value === '') throw new BadRequestError(`${name} is required`)
  if (!/^[0-9]{1,16}$/.test(value)) throw new BadRequestError(`${name} must be a positive integer`)
  const id = Number(value)
  if (id < 1 || id > MAX_ID) throw new BadRequestError(`${name} must be a positive integer`)
  return id
}

/**
 * Refuses NUL (U+0000) in a text parameter with a 400 naming it: PostgreSQL text cannot hold one, so it would
 * otherwise fail in the database as a 500.
 */
export function assertNoNul(value: string, name: string): void {
  if (value.includes('\u0000')) throw new BadRequestError(MESSAGES.textHasNul.replace('{name}', () => name))
}

/**
 * Refuses a query string with NUL in any parameter name or value; the router runs it on every request, so no
 * route has to. Only `%00` decodes to NUL (the HTTP parser refuses a raw one), so most requests cost one search.
 */
export function assertQueryText(url: URL): void {
  if (!url.search.includes('%00')) return
  for (const [name, value] of url.searchParams) {
    assertNoNul(name, 'Query parameter names')
    assertNoNul(value, name)
  }
}

/** A required query-string parameter. */
export function requireParam(url: URL, name: string): string {
  const value = url.searchParams.get(name)
  if (value == null || value === '') throw new BadRequestError(`${name} is required`)
  return value
}

/** Reads a bounded JSON body and validates it with `schema`; every failure is a 4xx with a readable detail. */
export async function readJson<S extends z.ZodType>(request: Request, schema: S): Promise<z.infer<S>> {
  const type = request.headers.get('content-type') ?? ''
  if (!/^application\/(.+\+)?json\b/i.test(type)) throw new UnsupportedMediaTypeError()
  const declared = Number(request.headers.get('content-length') ?? '0')
  if (declared > MAX_JSON_BODY_BYTES) throw new PayloadTooLargeError(MAX_JSON_BODY_BYTES)
  const text = await readBoundedText(request, MAX_JSON_BODY_BYTES)
  let data: unknown
  try {
    data = JSON.parse(text)
  } catch {
    throw new BadRequestError('Request body is not valid JSON')
  }
  // JSON can carry NUL only as the escape \u0000 (a raw one is not valid JSON): look deeper only when it is there
  if (text.includes('\\u0000')) assertNoNulInside(data)
  const result = schema.safeParse(data)
  if (!result.success) throw new ValidationError(describeIssues(result.error))
  return result.data
}

async function readBoundedText(request: Request, limit: number): Promise<string> {
  if (!request.body) return ''
  const reader = request.body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    let next: ReadableStreamReadResult<Uint8Array>
    try {
      next = await reader.read()
    } catch (error) {
      // the front fails the body with a 413 past the limit; anything else is a client gone midway
      if (error instanceof ApiError) throw error
      throw new BadRequestError(MESSAGES.bodyIncomplete, { cause: error })
    }
    const { done, value } = next
    if (done) break
    size += value.byteLength
    if (size > limit) {
      await reader.cancel().catch(() => {})
      throw new PayloadTooLargeError(limit)
    }
    chunks.push(value)
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(Buffer.concat(chunks))
  } catch {
    throw new BadRequestError('Request body is not valid UTF-8')
  }
}

/**
 * Refuses NUL in every string of a parsed JSON body, keys included; the detail names the field (`tags.0`). A loop,
 * not recursion, and each field's path is spelled only for the one refused: a 64 KB body nests 30,000 deep.
 */
function assertNoNulInside(data: unknown): void {
  interface Field {
    value: unknown
    key: string | number | null
    parent: Field | null
  }
  const pathOf = (field: Field): string => {
    const keys: (string | number)[] = []
    for (let at: Field | null = field; at?.key != null; at = at.parent) keys.unshift(at.key)
    return keys.join('.')
  }
  const pending: Field[] = [{ value: data, key: null, parent: null }]
  for (let field = pending.pop(); field; field = pending.pop()) {
    const { value } = field
    if (typeof value === 'string') assertNoNul(value, field.key === null ? 'Request body' : pathOf(field))
    else if (Array.isArray(value)) {
      for (const [index, item] of value.entries()) pending.push({ value: item, key: index, parent: field })
    } else if (value !== null && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) {
        assertNoNul(key, 'Field names')
        pending.push({ value: item, key, parent: field })
      }
    }
  }
}

/** One readable sentence from a schema failure: the first issue, with the field it concerns. */
export function describeIssues(error: z.ZodError): string {
  const issue = error.issues[0]
  if (!issue) return 'Invalid request body'
  const field = issue.path.join('.')
  if (issue.code === 'unrecognized_keys') return `Unknown field: ${issue.keys.join(', ')}`
  if (issue.code === 'invalid_type' && issue.input === undefined) return `${field} is required`
  return field ? `${field}: ${issue.message}` : issue.message
}
