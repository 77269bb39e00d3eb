/**
 * Remembered settings (issue 17, docs/decisions/089): `preferences` on the user, returned by /me and every sign-in,
 * saved with PUT /api/auth/profile (alone or with the names), validated (known keys, valid values, 512 bytes),
 * merged key by key so concurrent updates from several devices all land.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { hashPassword } from '../src/auth/password.ts'
import { insertUser, type PublicUser } from '../src/auth/user-store.ts'
import { MESSAGES } from '../src/shared/messages.ts'
import { type AuthTestApp, type AuthTestProcess, createAuthTestApp } from './auth-support.ts'
import { databaseKinds } from './harness.ts'

type Detail = { detail: string }
type SignedIn = { access_token: string; user: PublicUser }

for (const kind of databaseKinds()) {
  describe(`accounts: remembered settings [${kind}]`, () => {
    let app: AuthTestApp
    let api: AuthTestProcess
    let token: string

    beforeAll(async () => {
      app = await createAuthTestApp(kind, {}, 2)
      api = app.processes[0]!
      await insertUser(app.db, {
        email: 'prefs@example.org',
        passwordHash: await hashPassword('prefs password'),
        firstName: 'Pat',
        lastName: 'Prefs',
        isVerified: true,
        pictureUrl: null,
      })
      token = (await login()).body.access_token
    })
    afterAll(async () => {
      await app?.close()
    })

    const login = () =>
      api.call<SignedIn>('POST', '/api/auth/login', {
        body: { email: 'prefs@example.org', password: 'prefs password', recaptcha_token: 't' },
      })
    const put = (body: unknown, via: AuthTestProcess = api) =>
      via.call<PublicUser & Detail>('PUT', '/api/auth/profile', { token, body })
    const me = async () => (await api.call<PublicUser>('GET', '/api/auth/me', { token })).body

    it('starts empty in /me and in the sign-in answer', async () => {
      expect((await me()).preferences).toEqual({})
      expect((await login()).body.user.preferences).toEqual({})
    })

    it('saves preferences alone, keeps the names, and answers the updated user', async () => {
      const saved = await put({ preferences: { translation_language: 'es', playback_rate: 0.75 } })
      expect(saved.status).toBe(200)
      expect(saved.body).toMatchObject({
        first_name: 'Pat',
        last_name: 'Prefs',
        preferences: { translation_language: 'es', playback_rate: 0.75 },
      })
      expect((await me()).preferences).toEqual({ translation_language: 'es', playback_rate: 0.75 })
      expect((await login()).body.user.preferences).toEqual({
        translation_language: 'es',
        playback_rate: 0.75,
      })
    })

    it("merges key by key: a later call changes its keys only, null removes one; the spec's name payload keeps them", async () => {
      expect((await put({ preferences: { translation_tab: 'literal' } })).body.preferences).toEqual({
        translation_language: 'es',
        playback_rate: 0.75,
        translation_tab: 'literal',
      })
      expect(
        (await put({ preferences: { playback_rate: null, translation_language: 'fa' } })).body.preferences,
      ).toEqual({
        translation_language: 'fa',
        translation_tab: 'literal',
      })
      const names = await put({ first_name: ' Patricia ', last_name: 'Prefs' })
      expect(names.body).toMatchObject({
        first_name: 'Patricia',
        preferences: { translation_language: 'fa', translation_tab: 'literal' },
      })
      const both = await put({ first_name: 'Pat', last_name: 'Prefs', preferences: { playback_rate: 1.25 } })
      expect(both.body).toMatchObject({
        first_name: 'Pat',
        preferences: { translation_language: 'fa', translation_tab: 'literal', playback_rate: 1.25 },
      })
    })

    it('keeps listening mode and speeds up to 2x (issue 18)', async () => {
      const saved = await put({ preferences: { listening_mode: true, playback_rate: 2 } })
      expect(saved.status).toBe(200)
      expect((await me()).preferences).toMatchObject({ listening_mode: true, playback_rate: 2 })
      expect(
        (await put({ preferences: { listening_mode: false, playback_rate: 1.5 } })).body.preferences,
      ).toMatchObject({ listening_mode: false, playback_rate: 1.5 })
      const cleared = await put({ preferences: { listening_mode: null, playback_rate: 1.25 } })
      expect(cleared.body.preferences).not.toHaveProperty('listening_mode')
    })

    it("keeps the run-through settings, 'Repeat each clip' and 'Stop after each clip' (issue 18)", async () => {
      const saved = await put({ preferences: { repeat_each: 3, stop_after_each: true } })
      expect(saved.status).toBe(200)
      expect((await me()).preferences).toMatchObject({ repeat_each: 3, stop_after_each: true })
      const changed = await put({ preferences: { repeat_each: 1, stop_after_each: null } })
      expect(changed.body.preferences).toMatchObject({ repeat_each: 1 })
      expect(changed.body.preferences).not.toHaveProperty('stop_after_each')
      const cleared = await put({ preferences: { repeat_each: null } })
      expect(cleared.body.preferences).not.toHaveProperty('repeat_each')
    })

    it('refuses bad preferences with a 400 naming the problem, and changes nothing', async () => {
      const before = await me()
      const cases: [unknown, string][] = [
        [{ preferences: 'es' }, MESSAGES.preferencesInvalid],
        [{ preferences: [] }, MESSAGES.preferencesInvalid],
        [{ preferences: null }, MESSAGES.preferencesInvalid],
        [{ preferences: { theme: 'dark' } }, 'preferences.theme is not a known setting'],
        [{ preferences: { translation_language: 'spanish' } }, MESSAGES.preferencesBadLanguage],
        [{ preferences: { translation_language: 'ES' } }, MESSAGES.preferencesBadLanguage],
        [{ preferences: { translation_language: 7 } }, MESSAGES.preferencesBadLanguage],
        [{ preferences: { translation_tab: 'Full' } }, MESSAGES.preferencesBadTab],
        [{ preferences: { playback_rate: 3 } }, MESSAGES.preferencesBadRate],
        [{ preferences: { playback_rate: '1' } }, MESSAGES.preferencesBadRate],
        [{ preferences: { playback_rate: 2.5 } }, MESSAGES.preferencesBadRate],
        [{ preferences: { listening_mode: 'yes' } }, MESSAGES.preferencesBadListening],
        [{ preferences: { listening_mode: 1 } }, MESSAGES.preferencesBadListening],
        [{ preferences: { repeat_each: 4 } }, MESSAGES.preferencesBadRepeat],
        [{ preferences: { repeat_each: '2' } }, MESSAGES.preferencesBadRepeat],
        [{ preferences: { repeat_each: 1.5 } }, MESSAGES.preferencesBadRepeat],
        [{ preferences: { stop_after_each: 'no' } }, MESSAGES.preferencesBadStopAfter],
        [{ preferences: { translation_tab: 'x'.repeat(600) } }, MESSAGES.preferencesTooLarge],
        [
          { first_name: 'Pat', last_name: 'Prefs', preferences: { playback_rate: 9 } },
          MESSAGES.preferencesBadRate,
        ],
      ]
      for (const [body, detail] of cases) {
        const result = await put(body)
        expect({ status: result.status, detail: result.body.detail }, JSON.stringify(body)).toEqual({
          status: 400,
          detail,
        })
      }
      // a name field without the other is still the spec's rule (both required)
      expect(await put({ first_name: 'Only', preferences: { playback_rate: 1 } })).toMatchObject({
        status: 422,
        body: { detail: MESSAGES.lastNameRequired },
      })
      expect(await put({})).toMatchObject({ status: 422, body: { detail: MESSAGES.firstNameRequired } })
      expect(await me()).toEqual(before)
      expect((await api.call('PUT', '/api/auth/profile', { body: { preferences: {} } })).status).toBe(401)
    })

    it('keeps every key of concurrent updates from two processes', async () => {
      await put({ preferences: { translation_language: null, translation_tab: null, playback_rate: null } })
      const updates = [
        { translation_language: 'de' },
        { translation_tab: 'keywords' },
        { playback_rate: 0.5 },
      ]
      const results = await Promise.all(
        Array.from({ length: 24 }, (_, i) => put({ preferences: updates[i % 3] }, app.processes[i % 2])),
      )
      expect(results.map((result) => result.status)).toEqual(Array(24).fill(200))
      expect((await me()).preferences).toEqual({
        translation_language: 'de',
        translation_tab: 'keywords',
        playback_rate: 0.5,
      })
      // names and preferences racing: both land
      const [a, b] = await Promise.all([
        put({ first_name: 'Raced', last_name: 'Name' }, app.processes[0]),
        put({ preferences: { playback_rate: 1 } }, app.processes[1]),
      ])
      expect([a.status, b.status]).toEqual([200, 200])
      expect(await me()).toMatchObject({
        first_name: 'Raced',
        last_name: 'Name',
        preferences: { translation_language: 'de', translation_tab: 'keywords', playback_rate: 1 },
      })
    })
  })
}
