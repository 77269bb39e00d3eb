import { execFileSync } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

const widgetDir = path.join(import.meta.dirname, '..')

/** Run the widget's tsup build into a fresh temporary directory (never dist/, which `pnpm build` owns). */
export function buildBundle(): string {
  const outDir = mkdtempSync(path.join(tmpdir(), 'phrasereel-widget-'))
  execFileSync(process.execPath, [path.join(widgetDir, 'node_modules/tsup/dist/cli-default.js')], {
    cwd: widgetDir,
    stdio: 'pipe',
    env: { ...process.env, WIDGET_OUT_DIR: outDir },
  })
  return outDir + path.sep
}
