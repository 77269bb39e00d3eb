import type { AppContext } from './context.ts'
import { registerAdminContentRoutes } from './admin/content-routes.ts'
import { registerAuthRoutes } from './auth/routes.ts'
import { registerCollectionRoutes } from './collections/routes.ts'
import { registerContentRoutes } from './content/routes.ts'
import { registerHealthRoutes } from './health.ts'
import { MethodNotAllowedError } from './http/errors.ts'
import { errorResponse } from './http/respond.ts'
import { Router } from './http/router.ts'
import { registerSearchRoutes } from './search/routes.ts'
import { serveMedia } from './media/serve-media.ts'
import { registerUserContentRoutes } from './user-content/routes.ts'

/** The API as one `(Request) => Promise<Response>` function, with no framework underneath. */
export type ApiHandler = (request: Request) => Promise<Response>

/** Path prefixes the front hands to the API instead of the site. */
export const API_PREFIXES = ['/api/', '/auth/', '/admin-api/', '/media/'] as const

/** Builds every route of the API over `ctx`. */
export function createApiHandler(ctx: AppContext): ApiHandler {
  const router = new Router<AppContext>()
  registerHealthRoutes(router)
  registerAuthRoutes(router)
  registerContentRoutes(router)
  registerSearchRoutes(router)
  registerUserContentRoutes(router)
  registerCollectionRoutes(router)
  registerAdminContentRoutes(router)

  return async (request) => {
    const { pathname } = new URL(request.url)
    if (pathname.startsWith('/media/')) {
      if (request.method !== 'GET' && request.method !== 'HEAD') {
        return errorResponse(new MethodNotAllowedError(['GET', 'HEAD']))
      }
      try {
        return await serveMedia(ctx.config.MEDIA_DIR, pathname.slice('/media/'.length), request)
      } catch (error) {
        return errorResponse(error, request)
      }
    }
    return router.handle(request, ctx)
  }
}
