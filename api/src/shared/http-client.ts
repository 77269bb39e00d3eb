/**
 * The one browser HTTP client of the site's islands and the widget (spec §7, §8): JSON in and out, same origin
 * or an API base. Every failure is an `ApiError` carrying the HTTP status (0 when no answer came) and the
 * server's `{ detail }` text when it sent one. Framework-free and dependency-free, so any bundle may take it.
 */
import { MESSAGES } from './messages.ts'

/** A failed call: `status` (0 when no answer came), `statusText`, and the server's `detail` text or null. */
export class ApiError extends Error {
  override name = 'ApiError'
  readonly status: number
  readonly statusText: string
  readonly detail: string | null
  constructor(
    message: string,
    init: { status: number; statusText?: string; detail?: string | null; cause?: unknown },
  ) {
    super(message, init.cause === undefined ? undefined : { cause: init.cause })
    this.status = init.status
    this.statusText = init.statusText ?? ''
    this.detail = init.detail ?? null
  }
}

/** The server's `detail` text of a failed answer, or null. */
export async function readDetail(response: Response): Promise<string | null> {
  try {
    const body = (await response.json()) as { detail?: unknown }
    if (typeof body.detail === 'string') return body.detail
    if (Array.isArray(body.detail))
      return body.detail.map((d) => (typeof d === 'string' ? d : JSON.stringify(d))).join('; ')
    return null
  } catch {
    return null
  }
}

/** A call's options: `fetch`'s, plus `json` (sent as the body) and the `fetch` to use (hosts and tests wrap it). */
export interface ApiRequestInit extends RequestInit {
  json?: unknown
  fetcher?: typeof fetch
}

/**
 * Calls `url` and returns the answer when it is 2xx; otherwise throws an `ApiError` ('{status} {statusText}'
 * with the server's detail, or 'Network error. Please try again.' with status 0 when no answer came).
 */
export async function apiFetch(url: string, init: ApiRequestInit = {}): Promise<Response> {
  const { json, fetcher, headers, ...rest } = init
  let response: Response
  try {
    response = await (fetcher ?? fetch)(url, {
      ...rest,
      headers: {
        accept: 'application/json',
        ...(json !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(headers as Record<string, string> | undefined),
      },
      ...(json !== undefined ? { body: JSON.stringify(json) } : {}),
    })
  } catch (error) {
    throw new ApiError(MESSAGES.networkError, { status: 0, cause: error })
  }
  if (!response.ok) {
    throw new ApiError(`${response.status} ${response.statusText}`.trim(), {
      status: response.status,
      statusText: response.statusText,
      detail: await readDetail(response),
    })
  }
  return response
}

/** The parsed JSON body of a 2xx answer (undefined for an empty body). */
export async function readJson<T>(response: Response): Promise<T> {
  const text = await response.text()
  return (text ? JSON.parse(text) : undefined) as T
}

/** `apiFetch` and then the parsed JSON body (undefined for an empty body). */
export async function apiJson<T>(url: string, init?: ApiRequestInit): Promise<T> {
  return readJson<T>(await apiFetch(url, init))
}
