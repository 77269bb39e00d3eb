import { describe, expect, it } from 'vitest'
import { hashPassword, verifyAgainstDummy, verifyPassword } from './password.ts'

describe('password hashing', () => {
  it('hashes with a fresh salt and verifies only the same password', async () => {
    const [a, b] = await Promise.all([hashPassword('correct horse'), hashPassword('correct horse')])
    expect(a).toMatch(/^scrypt\$16384\$8\$5\$[\w-]{22}\$[\w-]{43}$/)
    expect(a).not.toBe(b)
    expect(a).not.toContain('correct horse')
    expect(await verifyPassword('correct horse', a)).toBe(true)
    expect(await verifyPassword('correct horsE', a)).toBe(false)
    expect(await verifyPassword('', a)).toBe(false)
  })

  it('treats Unicode look-alikes as the same password (NFKC) and refuses malformed hashes', async () => {
    const hash = await hashPassword('ﬁle cabinet') // 'ﬁ' ligature
    expect(await verifyPassword('file cabinet', hash)).toBe(true)
    for (const broken of ['', 'scrypt$1$2$3', 'bcrypt$x$y$z$a$b', hash.slice(0, -4)]) {
      expect(await verifyPassword('file cabinet', broken)).toBe(false)
    }
    expect(await verifyAgainstDummy('anything')).toBe(false)
  })
})
