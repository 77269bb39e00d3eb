import { describe, expect, it } from 'vitest'
import { csvField, csvRecord } from './csv.ts'

describe('csv', () => {
  it('quotes only the fields that need it, doubling quotes (RFC 4180)', () => {
    expect(csvField('plain')).toBe('plain')
    expect(csvField('a, b')).toBe('"a, b"')
    expect(csvField('say "hi"')).toBe('"say ""hi"""')
    expect(csvField('two\nlines')).toBe('"two\nlines"')
    expect(csvField(null)).toBe('')
    expect(csvRecord(['x', 2019, null, 'y,z'])).toBe('x,2019,,"y,z"\r\n')
  })
})
