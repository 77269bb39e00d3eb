import type { z } from 'zod'
import {
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
    const { done, value } = await reader.read()
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

/** One readable sentence from a schema failure: the first issue, with the field it concerns. */
export function describeIssues(error: z.ZodError): string {
  const issue = error.issues[0]
  if (!issue) return 'Invalid request body'
  const field = issue.path.join('.')
  if (issue.code === 'unrecognized_keys') return `Unknown field: ${issue.keys.join(', ')}`
  if (issue.code === 'invalid_type' && issue.input === undefined) return `${field} is required`
  return field ? `${field}: ${issue.message}` : issue.message
}
