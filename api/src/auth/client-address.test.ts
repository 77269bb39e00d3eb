import { describe, expect, it } from 'vitest'
import { clientAddress } from './client-address.ts'

const request = (headers: Record<string, string>) =>
  new Request('http://localhost/api/auth/login', { headers })
const trusting = (hops: number) => ({ config: { TRUST_PROXY: hops } })

describe('clientAddress', () => {
  it("takes the front's socket address and ignores X-Forwarded-For unless TRUST_PROXY is set", () => {
    const spoofed = request({ 'x-phrasereel-client-ip': '198.51.100.7', 'x-forwarded-for': '1.2.3.4' })
    expect(clientAddress(spoofed)).toBe('198.51.100.7')
    expect(clientAddress(spoofed, trusting(0))).toBe('198.51.100.7')
    expect(clientAddress(request({}))).toBe('unknown')
  })

  it('with TRUST_PROXY=N, believes the entry the outermost trusted proxy added, not what the client wrote', () => {
    const viaOneProxy = request({
      'x-phrasereel-client-ip': '10.0.0.2',
      'x-forwarded-for': '1.2.3.4, 203.0.113.9',
    })
    expect(clientAddress(viaOneProxy, trusting(1))).toBe('203.0.113.9')
    expect(clientAddress(viaOneProxy, trusting(2))).toBe('1.2.3.4')
    // fewer entries than trusted hops: fall back to the socket address
    expect(clientAddress(viaOneProxy, trusting(3))).toBe('10.0.0.2')
  })
})
