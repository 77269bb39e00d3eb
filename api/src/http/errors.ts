import { MESSAGES } from '../shared/messages.ts'

/** Base of every error the API turns into a `{ "detail": … }` answer. */
export class ApiError extends Error {
  readonly status: number
  readonly headers: Record<string, string>
  constructor(
    status: number,
    detail: string,
    options?: { cause?: unknown; headers?: Record<string, string> },
  ) {
    super(detail, options)
    this.name = new.target.name
    this.status = status
    this.headers = options?.headers ?? {}
  }
  get detail(): string {
    return this.message
  }
}

export class BadRequestError extends ApiError {
  constructor(detail: string, options?: { cause?: unknown }) {
    super(400, detail, options)
  }
}

export class UnauthorizedError extends ApiError {
  constructor(detail: string = MESSAGES.notAuthenticated) {
    super(401, detail, { headers: { 'www-authenticate': 'Bearer' } })
  }
}

export class ForbiddenError extends ApiError {
  constructor(detail = 'Not allowed') {
    super(403, detail)
  }
}

export class NotFoundError extends ApiError {
  constructor(detail = 'Not Found') {
    super(404, detail)
  }
}

export class MethodNotAllowedError extends ApiError {
  constructor(allowed: string[]) {
    super(405, 'Method Not Allowed', { headers: { allow: allowed.join(', ') } })
  }
}

export class ConflictError extends ApiError {
  constructor(detail: string) {
    super(409, detail)
  }
}

export class PayloadTooLargeError extends ApiError {
  constructor(limitBytes: number) {
    super(413, `Request body is larger than ${limitBytes} bytes`)
  }
}

/** Seconds a client is asked to wait (`Retry-After`) when the database cannot serve right now. */
export const RETRY_AFTER_SECONDS = 2

/** Something the request needs (the database, mail) cannot serve right now: 503 with `Retry-After`. */
export class ServiceUnavailableError extends ApiError {
  constructor(
    detail = 'The service is busy or restarting; try again in a moment',
    options?: { cause?: unknown },
  ) {
    super(503, detail, { ...options, headers: { 'retry-after': String(RETRY_AFTER_SECONDS) } })
  }
}

export class UnsupportedMediaTypeError extends ApiError {
  constructor(detail = 'Request body must be JSON (Content-Type: application/json)') {
    super(415, detail)
  }
}

export class ValidationError extends ApiError {
  constructor(detail: string) {
    super(422, detail)
  }
}

export class TooManyRequestsError extends ApiError {
  constructor(detail: string, retryAfterSeconds: number) {
    super(429, detail, { headers: { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) } })
  }
}

/** The server cannot answer in the form asked for (oEmbed's `format=xml`): 501. */
export class NotImplementedError extends ApiError {
  constructor(detail: string, options?: { headers?: Record<string, string> }) {
    super(501, detail, options)
  }
}
