/**
 * 'Export to Anki' (issue 18): a button opening a small dialog that asks the format (Anki deck or CSV) and the
 * translation language, takes an export job, shows its progress ('Exporting 120 / 500 clips…') and then the
 * download link. Failures show the server's detail.
 */
import { ApiError } from '@phrasereel/api/shared/http-client'
import { LANGUAGE_FLAGS } from '@phrasereel/api/shared/limits'
import { MESSAGES } from '@phrasereel/api/shared/messages'
import type { ExportFormat, ExportJob, ExportSource } from '@phrasereel/api/shared/wire'
import { type FormEvent, useEffect, useId, useRef, useState } from 'react'
import { ErrorBanner } from '../auth/ErrorBanner.tsx'
import { useSession } from '../auth/use-session.ts'
import { DialogShell } from '../common/DialogShell.tsx'
import { fetchExport, startExport } from './exports-api.ts'
import './exports.css'

export interface ExportToAnkiProps {
  source: ExportSource
  collectionId?: number
}

const POLL_MS = 700

export function ExportToAnki({ source, collectionId }: ExportToAnkiProps) {
  // the dialog keeps its state while closed: a running export goes on and shows its progress when reopened
  const [open, setOpen] = useState(false)
  return (
    <>
      <button
        type="button"
        className="pr-btn pr-btn-outline pr-export-open"
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          width="18"
          height="18"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <path d="M12 3v12m0 0-4-4m4 4 4-4M5 21h14" />
        </svg>
        <span>{MESSAGES.exportToAnki}</span>
      </button>
      <ExportDialog open={open} source={source} collectionId={collectionId} onClose={() => setOpen(false)} />
    </>
  )
}

function ExportDialog({
  open,
  source,
  collectionId,
  onClose,
}: ExportToAnkiProps & { open: boolean; onClose(): void }) {
  const titleId = useId()
  const ids = { format: useId(), language: useId() }
  const { status } = useSession()
  const [format, setFormat] = useState<ExportFormat>('apkg')
  const [language, setLanguage] = useState('')
  const [job, setJob] = useState<ExportJob | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [starting, setStarting] = useState(false)
  const closed = useRef(false)

  useEffect(() => {
    closed.current = false
    return () => {
      closed.current = true
    }
  }, [])

  // follow the job until it is done or failed
  useEffect(() => {
    if (!job || job.status === 'done' || job.status === 'failed') return
    const timer = setTimeout(async () => {
      try {
        const next = await fetchExport(job.id)
        if (!closed.current) setJob(next)
      } catch (caught) {
        if (!closed.current) setError(failure(caught))
      }
    }, POLL_MS)
    return () => clearTimeout(timer)
  }, [job])

  async function submit(event: FormEvent) {
    event.preventDefault()
    if (starting) return
    setError(null)
    setStarting(true)
    try {
      const started = await startExport({
        source,
        format,
        ...(collectionId !== undefined ? { collection_id: collectionId } : {}),
        ...(language ? { lang: language } : {}),
      })
      if (!closed.current) setJob(started)
    } catch (caught) {
      if (!closed.current) setError(failure(caught))
    } finally {
      if (!closed.current) setStarting(false)
    }
  }

  const running = job !== null && (job.status === 'queued' || job.status === 'running')
  const failedDetail = job?.status === 'failed' ? (job.detail ?? MESSAGES.exportFailed) : null
  return (
    <DialogShell open={open} onClose={onClose} labelledBy={titleId}>
      <h2 id={titleId}>{MESSAGES.exportToAnki}</h2>
      {status === 'unauthenticated' ? (
        <>
          <p>{MESSAGES.exportSignIn}</p>
          <div className="pr-dialog-actions">
            <a className="pr-btn pr-btn-primary" href="/login">
              {MESSAGES.signIn}
            </a>
          </div>
        </>
      ) : (
        <form className="pr-export-form" onSubmit={submit} noValidate>
          <ErrorBanner message={error ?? failedDetail} />
          <fieldset disabled={running || starting}>
            <legend id={ids.format}>Format</legend>
            {(
              [
                ['apkg', MESSAGES.exportFormatApkg],
                ['csv', MESSAGES.exportFormatCsv],
              ] as const
            ).map(([value, label]) => (
              <label key={value} className="pr-export-choice">
                <input
                  type="radio"
                  name="export-format"
                  value={value}
                  checked={format === value}
                  onChange={() => setFormat(value)}
                />
                <span>{label}</span>
              </label>
            ))}
          </fieldset>
          <div className="pr-field">
            <label htmlFor={ids.language}>{MESSAGES.exportLanguage}</label>
            <select
              id={ids.language}
              value={language}
              onChange={(event) => setLanguage(event.target.value)}
              disabled={running || starting}
            >
              <option value="">{MESSAGES.exportNoTranslation}</option>
              {LANGUAGES.map(([code, name]) => (
                <option key={code} value={code}>
                  {name}
                </option>
              ))}
            </select>
          </div>
          <Progress job={job} />
          <div className="pr-dialog-actions">
            <button type="button" className="pr-btn pr-btn-outline" onClick={onClose}>
              {job ? 'Close' : 'Cancel'}
            </button>
            {job?.status === 'done' && job.download_url ? (
              <>
                <button type="submit" className="pr-btn pr-btn-outline" disabled={starting}>
                  Export again
                </button>
                <a className="pr-btn pr-btn-primary" href={job.download_url} download={job.file_name}>
                  {MESSAGES.exportDownload}{' '}
                  {job.file_name ? <span className="visually-hidden">{job.file_name}</span> : null}
                </a>
              </>
            ) : (
              <button type="submit" className="pr-btn pr-btn-primary" disabled={running || starting}>
                {running || starting ? 'Exporting…' : MESSAGES.exportStart}
              </button>
            )}
          </div>
        </form>
      )}
    </DialogShell>
  )
}

/** The job's progress as text (announced politely) and a bar; the summary once done. */
function Progress({ job }: { job: ExportJob | null }) {
  if (!job || job.status === 'failed') return <div role="status" aria-live="polite" />
  const { done, total } = job.progress
  let text: string = MESSAGES.exportQueued
  if (job.status === 'running' && total > 0) {
    text = MESSAGES.exportProgress.replace('{done}', String(done)).replace('{total}', String(total))
  } else if (job.status === 'done') {
    text = MESSAGES.exportReady
  }
  const notes: string[] = []
  const summary = job.summary
  if (summary?.skipped_phrases.length) {
    notes.push(
      `${MESSAGES.exportSkippedPhrases.replace('{n}', String(summary.skipped_phrases.length))}: ${summary.skipped_phrases.join(', ')}`,
    )
  }
  if (summary?.missing_media)
    notes.push(MESSAGES.exportMissingMedia.replace('{n}', String(summary.missing_media)))
  if (summary?.left_out) notes.push(MESSAGES.exportLeftOut.replace('{n}', String(summary.left_out)))
  return (
    <div className="pr-export-progress">
      <p role="status" aria-live="polite">
        {text}
      </p>
      {job.status === 'done' ? null : (
        <progress
          max={Math.max(total, 1)}
          value={job.status === 'running' ? done : undefined}
          aria-label={text}
        />
      )}
      {notes.length > 0 ? (
        <ul className="pr-export-summary">
          {notes.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
      ) : null}
    </div>
  )
}

/** The languages a translation can be asked in: the codes the site has flags for, named in English. */
const LANGUAGES: [string, string][] = Object.keys(LANGUAGE_FLAGS)
  .filter((code) => code !== 'en' && code !== 'us')
  .map((code) => [code, languageName(code)] as [string, string])
  .sort((a, b) => a[1].localeCompare(b[1]))

function languageName(code: string): string {
  try {
    return new Intl.DisplayNames(['en'], { type: 'language' }).of(code) ?? code
  } catch {
    return code
  }
}

function failure(error: unknown): string {
  if (error instanceof ApiError) return error.detail ?? error.message
  return MESSAGES.exportFailed
}
