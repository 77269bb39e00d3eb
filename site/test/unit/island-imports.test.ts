/**
 * Server-only code never reaches a browser bundle (docs: STYLE habit 4): the modules islands and the widget are
 * built from import only the API's pure `@phrasereel/api/shared/*` modules, never its server entries or stores, and
 * never a `*.server.ts` module. Server code of the site lives in pages, the middleware and `*.server.ts` files.
 */
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const repo = fileURLToPath(new URL('../../../', import.meta.url))
/** Folders whose modules can end up in a browser bundle. */
const BROWSER_FOLDERS = ['site/src/components', 'site/src/lib', 'site/src/stores', 'widget/src']
const SHARED = path.join(repo, 'api/src/shared') + path.sep
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(?\s*)['"]([^'"]+)['"]/g

function browserModules(folder: string): string[] {
  return readdirSync(path.join(repo, folder), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file) && !/\.(server|test)\.tsx?$/.test(file))
    .map((file) => path.join(folder, file))
}

/** Why an import specifier may not appear in a browser module, or null when it may. */
function violation(file: string, specifier: string): string | null {
  if (specifier === '@phrasereel/api' || specifier.startsWith('@phrasereel/api/')) {
    return specifier.startsWith('@phrasereel/api/shared/')
      ? null
      : 'only @phrasereel/api/shared/* is island-safe'
  }
  if (!specifier.startsWith('.')) return null
  if (/\.server(\.tsx?)?$/.test(specifier)) return 'a *.server.ts module is server-only'
  const target = path.resolve(path.dirname(path.join(repo, file)), specifier)
  const inApi = target.startsWith(path.join(repo, 'api') + path.sep)
  return inApi && !target.startsWith(SHARED) ? 'only api/src/shared/ is island-safe' : null
}

/** Every forbidden import of the browser modules, as `file: specifier (reason)`. */
function forbiddenImports(): string[] {
  const found: string[] = []
  for (const file of BROWSER_FOLDERS.flatMap(browserModules)) {
    const source = readFileSync(path.join(repo, file), 'utf8')
    for (const [, specifier] of source.matchAll(SPECIFIER)) {
      const reason = violation(file, specifier!)
      if (reason) found.push(`${file}: ${specifier} (${reason})`)
    }
  }
  return found
}

describe('browser modules', () => {
  it('import only the shared, pure modules of the API', () => {
    expect(forbiddenImports()).toEqual([])
  })

  it('tell a forbidden import from an allowed one', () => {
    const island = 'site/src/components/auth/AuthForm.tsx'
    expect(violation(island, '@phrasereel/api/shared/messages')).toBeNull()
    expect(violation(island, '../../lib/api.ts')).toBeNull()
    expect(violation(island, 'preact/hooks')).toBeNull()
    expect(violation(island, '@phrasereel/api/server')).not.toBeNull()
    expect(violation(island, '@phrasereel/api')).not.toBeNull()
    expect(violation(island, './session.server.ts')).not.toBeNull()
    expect(violation(island, '../../../../api/src/auth/session.ts')).not.toBeNull()
    expect(violation(island, '../../../../api/src/shared/limits.ts')).toBeNull()
  })
})
