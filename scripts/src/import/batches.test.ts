import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ImportBatchParams } from '@phrasereel/api/import-batch'
import { readBatches } from './batches.ts'

describe('readBatches', () => {
  let dir = ''
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'phrasereel-batches-'))
  })
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true })
  })

  async function batchesOf(items: [string, number][], batchSize: number): Promise<ImportBatchParams[]> {
    const lines = items.flatMap(([key, chunks]) =>
      Array.from({ length: chunks }, (_, i) =>
        JSON.stringify({ content: { name: key, key }, text: `${key} ${i}` }),
      ),
    )
    const file = path.join(dir, 'batches.jsonl')
    await writeFile(file, `${lines.join('\n')}\n`)
    const batches: ImportBatchParams[] = []
    for await (const batch of readBatches(file, batchSize)) batches.push(batch)
    return batches
  }

  it('keeps a content item with its first chunks in one batch, each batch at most the batch size', async () => {
    const batches = await batchesOf(
      [
        ['a', 3],
        ['b', 5],
        ['c', 2],
      ],
      4,
    )
    // a item (the first statement's keys) is written by the batch that holds its first chunks; b is longer than
    // a batch, so the batch after its first one continues it
    expect(batches.map((batch) => [batch.count, batch.content[0]])).toEqual([
      [3, ['a']],
      [4, ['b']],
      [3, ['b', 'c']],
    ])
    expect(batches.reduce((sum, batch) => sum + batch.count, 0)).toBe(10)
  })

  it('carries an item that comes back later in the file with its metadata, and the terms of its chunks', async () => {
    const batches = await batchesOf(
      [
        ['a', 2],
        ['b', 1],
        ['a', 2],
      ],
      4,
    )
    expect(batches.map((batch) => [batch.count, batch.content[0], batch.chunks[0]])).toEqual([
      [3, ['a', 'b'], '{"a","a","b"}'],
      [2, ['a'], '{"a","a"}'],
    ])
    // the carried chunks' slices of their batch's terms (from, to) start at 1 and end at its last term
    for (const batch of batches) {
      const terms = (batch.chunks[10] as Buffer).readInt32BE(12)
      const from = (batch.chunks[12] as string).slice(1, -1).split(',').map(Number)
      const to = (batch.chunks[13] as string).slice(1, -1).split(',').map(Number)
      expect(from[0]).toBe(1)
      expect(to.at(-1)).toBe(terms)
      expect(from.slice(1)).toEqual(to.slice(0, -1).map((end) => end + 1))
    }
  })

  it('numbers chunks within their item across batches', async () => {
    const batches = await batchesOf([['long', 7]], 3)
    expect(batches.map((batch) => batch.chunks[1])).toEqual(['{0,1,2}', '{3,4,5}', '{6}'])
  })
})
