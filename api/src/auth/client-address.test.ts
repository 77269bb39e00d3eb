import { describe, expect, it } from 'vitest'
import { clientAddress, isHttpsRequest } from './client-address.ts'

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

describe('isHttpsRequest', () => {
  const config = (env: { PUBLIC_SITE_URL?: string; TRUST_PROXY?: number }) => ({
    PUBLIC_SITE_URL: env.PUBLIC_SITE_URL,
    TRUST_PROXY: env.TRUST_PROXY ?? 0,
  })
  const at = (url: string, headers: Record<string, string> = {}) => new Request(url, { headers })

  it("follows the request's scheme, whatever the host (a LAN address over http is not https)", () => {
    expect(isHttpsRequest(at('http://192.168.1.20:4321/api/auth/login'), config({}))).toBe(false)
    expect(isHttpsRequest(at('http://phrasereel.example/api/auth/login'), config({}))).toBe(false)
    expect(isHttpsRequest(at('https://phrasereel.example/api/auth/login'), config({}))).toBe(true)
  })

  it("takes PUBLIC_SITE_URL's scheme when it is set", () => {
    const lan = at('http://192.168.1.20:4321/api/auth/login')
    expect(isHttpsRequest(lan, config({ PUBLIC_SITE_URL: 'https://phrasereel.example' }))).toBe(true)
    expect(isHttpsRequest(lan, config({ PUBLIC_SITE_URL: 'http://192.168.1.20:4321' }))).toBe(false)
  })

  it('believes X-Forwarded-Proto only from trusted proxies', () => {
    const forwarded = at('http://10.0.0.5:4321/api/auth/login', { 'x-forwarded-proto': 'https' })
    expect(isHttpsRequest(forwarded, config({}))).toBe(false)
    expect(isHttpsRequest(forwarded, config({ TRUST_PROXY: 1 }))).toBe(true)
    // a client-written value ahead of the one the trusted proxy appended does not count
    const spoofed = at('http://10.0.0.5:4321/', { 'x-forwarded-proto': 'https, http' })
    expect(isHttpsRequest(spoofed, config({ TRUST_PROXY: 1 }))).toBe(false)
    expect(isHttpsRequest(at('http://10.0.0.5:4321/'), config({ TRUST_PROXY: 1 }))).toBe(false)
  })
})
