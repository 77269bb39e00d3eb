import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { LANGUAGE_FLAGS } from '@phrasereel/api/shared/limits'
import { describe, expect, it } from 'vitest'

const flags = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../public/flags')

describe('self-hosted flag images (spec §3 language → flag map)', () => {
  it('has an SVG for every country the map names, and no other', () => {
    const countries = [...new Set(Object.values(LANGUAGE_FLAGS))].sort()
    for (const country of countries) {
      const file = path.join(flags, `${country}.svg`)
      expect(existsSync(file), country).toBe(true)
      expect(readFileSync(file, 'utf8')).toMatch(/^<svg[^>]+viewBox="0 0 640 480"/)
    }
    expect(existsSync(path.join(flags, 'LICENSE.txt'))).toBe(true)
  })
})
