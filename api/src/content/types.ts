/** The content answers of spec §3; defined once in the shared wire module. */
export type { Chunk, ChunkLink, ContentMetadata, Translation } from '../shared/wire.ts'
