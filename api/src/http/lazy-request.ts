/**
 * A request as the front hands it over before any Fetch `Request` exists: the method and the absolute URL, and
 * the full `Request` built on first use. Routes that read neither headers nor body (the public content reads)
 * never pay for building one (Headers, an AbortSignal, a body stream: several microseconds a request); routes
 * that do get exactly the `Request` the front would have built up front.
 */
export interface LazyRequest {
  readonly method: string
  /** Absolute URL, as `Request.url` would be. */
  readonly url: string
  /** The full Fetch request, built once on first access. */
  readonly request: Request
}

/** A `LazyRequest` over an existing `Request` (tests and other callers of the Fetch handler). */
export function lazyFrom(request: Request): LazyRequest {
  return { method: request.method, url: request.url, request }
}
