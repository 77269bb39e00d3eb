/**
 * The real node:http front and API over a fresh test database, with a stand-in for the site build (an empty
 * client folder and an Astro handler that answers 404): for tests of the front's own behaviour on API paths,
 * which need no `pnpm build`.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { type AppContext, createApiHandler } from '@phrasereel/api'
import { createTestApp, type DatabaseKind } from '../../api/test/harness.ts'
import { type Front, startFront } from '../server/front.ts'

export interface StubFront {
  front: Front
  ctx: AppContext
  /** Closes the front (if the test has not), the database and the stand-in build. */
  close(): Promise<void>
}

/** Starts the front on a free loopback port over a fresh database of `kind`. */
export async function startStubFront(kind: DatabaseKind): Promise<StubFront> {
  const made = await createTestApp(kind)
  const distDir = await mkdtemp(path.join(os.tmpdir(), 'phrasereel-stub-dist-'))
  try {
    await mkdir(path.join(distDir, 'client'), { recursive: true })
    await mkdir(path.join(distDir, 'server'), { recursive: true })
    await writeFile(
      path.join(distDir, 'server', 'entry.mjs'),
      'export async function handler(req, res) { res.writeHead(404); res.end() }\n',
    )
    await writeFile(path.join(distDir, 'player.embed.global.js'), '/* stand-in player */\n')
    await writeFile(path.join(distDir, 'api.global.js'), '/* stand-in loader */\n')
    const { ctx } = made.app
    const front = await startFront({
      api: createApiHandler(ctx),
      ctx,
      host: '127.0.0.1',
      port: 0,
      distDir,
      widgetDir: distDir,
    })
    return {
      front,
      ctx,
      async close() {
        await front.close({ graceMs: 0 })
        await made.close()
        await rm(distDir, { recursive: true, force: true })
      },
    }
  } catch (error) {
    await made.close()
    await rm(distDir, { recursive: true, force: true })
    throw error
  }
}
