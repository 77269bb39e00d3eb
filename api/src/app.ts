import type { AppContext } from './context.ts'
import { registerAdminContentRoutes } from './admin/content-routes.ts'
import { registerAuthRoutes } from './auth/routes.ts'
import { registerCollectionRoutes } from './collections/routes.ts'
import { registerContextRoutes } from './content/context-routes.ts'
import { registerPublicReadRoutes } from './content/public-reads.ts'
import { registerContentRoutes } from './content/routes.ts'
import { registerExportRoutes } from './exports/routes.ts'
import { registerHealthRoutes } from './health.ts'
import { MethodNotAllowedError } from './http/errors.ts'
import { type LazyRequest, lazyFrom } from './http/lazy-request.ts'
import { type Answer, RawAnswer, errorResponse } from './http/respond.ts'
import { Router } from './http/router.ts'
import { registerSearchRoutes } from './search/routes.ts'
import { serveMedia } from './media/serve-media.ts'
import { registerUserContentRoutes } from './user-content/routes.ts'

/**
 * The API as one `(Request) => Promise<Response>` function, with no framework underneath. `dispatch` is the same
 * API for the HTTP front: it takes a request whose Fetch `Request` is built only if a route reads it, and may
 * answer a `RawAnswer` (a string body the front writes directly). A handler without `dispatch` (a test double, a
 * wrapper) is called with a full `Request`.
 */
export type ApiHandler = ((request: Request) => Promise<Response>) & {
  dispatch?: (source: LazyRequest) => Promise<Answer>
}

export type { Answer, LazyRequest }
export { RawAnswer }

/** Path prefixes the front hands to the API instead of the site. */
export const API_PREFIXES = ['/api/', '/auth/', '/admin-api/', '/media/'] as const

/** Builds every route of the API over `ctx`. */
export function createApiHandler(ctx: AppContext): ApiHandler {
  const router = new Router<AppContext>()
  registerHealthRoutes(router)
  registerAuthRoutes(router)
  registerPublicReadRoutes(router) // before registerContentRoutes: these answer the hot reads first
  registerContentRoutes(router)
  registerContextRoutes(router)
  registerSearchRoutes(router)
  registerUserContentRoutes(router)
  registerCollectionRoutes(router)
  registerExportRoutes(router)
  registerAdminContentRoutes(router)

  const dispatch = async (source: LazyRequest): Promise<Answer> => {
    const { pathname } = new URL(source.url)
    if (pathname.startsWith('/media/')) {
      if (source.method !== 'GET' && source.method !== 'HEAD') {
        return errorResponse(new MethodNotAllowedError(['GET', 'HEAD']))
      }
      try {
        return await serveMedia(ctx.config.MEDIA_DIR, pathname.slice('/media/'.length), source.request)
      } catch (error) {
        return errorResponse(error, source)
      }
    }
    return router.dispatch(source, ctx)
  }
  const handler = async (request: Request): Promise<Response> => {
    const answer = await dispatch(lazyFrom(request))
    return answer instanceof RawAnswer ? answer.toResponse(request.method === 'HEAD') : answer
  }
  return Object.assign(handler, { dispatch })
}
