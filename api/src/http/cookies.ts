/**
 * Reading the `Cookie` request header: one parser for the API's session lookup and the site's server code
 * (session lookup and the private-cache middleware), which reach it through `@phrasereel/api/server`.
 */

/** One cookie's raw (still encoded) value from a `Cookie` header, or null when the header does not name it. */
function rawCookie(header: string | null, name: string): string | null {
  if (!header) return null
  for (const part of header.split(';')) {
    const eq = part.indexOf('=')
    if (eq === -1) continue
    if (part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim()
  }
  return null
}

/** One cookie's decoded value from a `Cookie` header; null when absent or not decodable. */
export function readCookie(header: string | null, name: string): string | null {
  const value = rawCookie(header, name)
  if (value === null) return null
  try {
    return decodeURIComponent(value)
  } catch {
    return null
  }
}

/** Whether a `Cookie` header names the cookie at all (whatever its value, even an empty or malformed one). */
export function hasCookie(header: string | null, name: string): boolean {
  return rawCookie(header, name) !== null
}
