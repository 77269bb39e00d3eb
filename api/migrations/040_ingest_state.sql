-- Ingest runs clip by clip and can be interrupted; its chunks stay disabled until the whole source is in, and this
-- marks the content item complete so a second run of the same source is a no-op (idempotent) and an unfinished
-- one resumes. Null for content that was not made by ingest (import, fixtures).
alter table content_metadata add column ingest_completed_at timestamptz;
