import { MethodNotAllowedError, NotFoundError } from './errors.ts'
import { assertQueryText } from './input.ts'
import { type LazyRequest, lazyFrom } from './lazy-request.ts'
import { type Answer, RawAnswer, errorResponse } from './respond.ts'

/**
 * What a route handler receives: the request, its parsed URL and the path parameters. `request` is built on
 * first access when the front handed over a `LazyRequest`; handlers that need only `url` and `params` never
 * build it.
 */
export interface RouteRequest<Ctx> {
  readonly request: Request
  url: URL
  params: Record<string, string>
  ctx: Ctx
}

export type RouteHandler<Ctx> = (req: RouteRequest<Ctx>) => Promise<Answer> | Answer

interface Route<Ctx> {
  method: string
  segments: string[]
  handler: RouteHandler<Ctx>
}

/**
 * A small path router. Patterns are literal segments and `:name` parameters; a trailing slash is optional on
 * every route, so `/api/search` and `/api/search/` are one route.
 */
export class Router<Ctx> {
  readonly #routes: Route<Ctx>[] = []

  add(method: string, pattern: string, handler: RouteHandler<Ctx>): this {
    this.#routes.push({ method, segments: splitPath(pattern), handler })
    return this
  }
  get(pattern: string, handler: RouteHandler<Ctx>): this {
    return this.add('GET', pattern, handler)
  }
  post(pattern: string, handler: RouteHandler<Ctx>): this {
    return this.add('POST', pattern, handler)
  }
  put(pattern: string, handler: RouteHandler<Ctx>): this {
    return this.add('PUT', pattern, handler)
  }
  patch(pattern: string, handler: RouteHandler<Ctx>): this {
    return this.add('PATCH', pattern, handler)
  }
  delete(pattern: string, handler: RouteHandler<Ctx>): this {
    return this.add('DELETE', pattern, handler)
  }

  /** Finds the route for the request and runs it; every failure becomes a `{ detail }` answer. */
  async handle(request: Request, ctx: Ctx): Promise<Response> {
    const answer = await this.dispatch(lazyFrom(request), ctx)
    return answer instanceof RawAnswer ? answer.toResponse(request.method === 'HEAD') : answer
  }

  /**
   * `handle` for the front: the request may still be lazy, and a route's `RawAnswer` comes back as it is (the
   * writer leaves out its body for HEAD).
   */
  async dispatch(source: LazyRequest, ctx: Ctx): Promise<Answer> {
    try {
      const url = new URL(source.url)
      assertQueryText(url)
      const segments = splitPath(url.pathname)
      const method = source.method === 'HEAD' ? 'GET' : source.method
      const allowed: string[] = []
      for (const route of this.#routes) {
        const params = matchSegments(route.segments, segments)
        if (!params) continue
        if (route.method !== method) {
          allowed.push(route.method)
          continue
        }
        const answer = await route.handler({
          get request() {
            return source.request
          },
          url,
          params,
          ctx,
        })
        return source.method === 'HEAD' && !(answer instanceof RawAnswer)
          ? new Response(null, answer)
          : answer
      }
      if (allowed.length > 0) throw new MethodNotAllowedError(allowed)
      throw new NotFoundError()
    } catch (error) {
      return errorResponse(error, source)
    }
  }
}

function splitPath(path: string): string[] {
  return path.split('/').filter((segment) => segment.length > 0)
}

function matchSegments(pattern: string[], actual: string[]): Record<string, string> | null {
  if (pattern.length !== actual.length) return null
  const params: Record<string, string> = {}
  for (let i = 0; i < pattern.length; i++) {
    const expected = pattern[i]!
    const segment = actual[i]!
    if (expected.startsWith(':')) {
      let value: string
      try {
        value = decodeURIComponent(segment)
      } catch {
        return null
      }
      params[expected.slice(1)] = value
    } else if (expected !== segment) {
      return null
    }
  }
  return params
}
