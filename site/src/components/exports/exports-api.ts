/** The export calls of issue 18 as the islands use them (`POST /api/exports`, `GET /api/exports/{id}`). */
import type { ExportJob, ExportRequest } from '@phrasereel/api/shared/wire'
import { authFetch } from '../../lib/auth-client.ts'

/** Takes an export job. */
export function startExport(request: ExportRequest): Promise<ExportJob> {
  return authFetch<ExportJob>('/api/exports', { method: 'POST', json: request })
}

/** The job's status and progress. */
export function fetchExport(id: string): Promise<ExportJob> {
  return authFetch<ExportJob>(`/api/exports/${encodeURIComponent(id)}`, { cache: 'no-store' })
}
