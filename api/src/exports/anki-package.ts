/**
 * Writes an Anki package (`.apkg`, docs/decisions/091): a zip holding `collection.anki2` (the SQLite collection,
 * schema version 11, which every Anki since 2.0 imports), the media files named `0`, `1`, … and `media`, the JSON
 * map from those names to the file names the notes refer to. The collection is written with Node's `node:sqlite`,
 * the zip streamed from the files on disk with `yazl`, so a big deck never sits in memory.
 */
import { createHash } from 'node:crypto'
import { createWriteStream } from 'node:fs'
import { pipeline } from 'node:stream/promises'
import { DatabaseSync } from 'node:sqlite'
import yazl from 'yazl'

/** The note type of every exported clip; its field order is the order of `AnkiNote.fields`. */
export const ANKI_FIELDS = ['Phrase', 'Line', 'Translation', 'Audio', 'Image', 'Source', 'Link'] as const

/** One note: its fields (HTML, in `ANKI_FIELDS` order), a stable guid and tags. */
export interface AnkiNote {
  guid: string
  fields: string[]
  tags: string[]
}

/** What goes in a package. */
export interface AnkiDeck {
  name: string
  notes: AnkiNote[]
  /** Media files: the name the notes use and where the file is. */
  media: { name: string; path: string }[]
}

// Fixed, so that every export uses (and a later import updates) the same note type.
const MODEL_ID = 1732406400000
const MODEL_NAME = 'PhraseReel clip'
const DEFAULT_CONF_ID = 1

const SCHEMA = `
create table col (id integer primary key, crt integer not null, mod integer not null, scm integer not null,
  ver integer not null, dty integer not null, usn integer not null, ls integer not null, conf text not null,
  models text not null, decks text not null, dconf text not null, tags text not null);
create table notes (id integer primary key, guid text not null, mid integer not null, mod integer not null,
  usn integer not null, tags text not null, flds text not null, sfld integer not null, csum integer not null,
  flags integer not null, data text not null);
create table cards (id integer primary key, nid integer not null, did integer not null, ord integer not null,
  mod integer not null, usn integer not null, type integer not null, queue integer not null, due integer not null,
  ivl integer not null, factor integer not null, reps integer not null, lapses integer not null,
  left integer not null, odue integer not null, odid integer not null, flags integer not null, data text not null);
create table revlog (id integer primary key, cid integer not null, usn integer not null, ease integer not null,
  ivl integer not null, lastIvl integer not null, factor integer not null, time integer not null,
  type integer not null);
create table graves (usn integer not null, oid integer not null, type integer not null);
create index ix_notes_usn on notes (usn);
create index ix_cards_usn on cards (usn);
create index ix_revlog_usn on revlog (usn);
create index ix_cards_nid on cards (nid);
create index ix_cards_sched on cards (did, queue, due);
create index ix_revlog_cid on revlog (cid);
create index ix_notes_csum on notes (csum);
`

const CSS = `.card { font-family: system-ui, sans-serif; font-size: 20px; text-align: center; color: #111; background: #fff; }
.phrase { font-size: 28px; font-weight: 600; margin: 0.5em 0; }
.line b { color: #b45309; }
.translation { color: #555; margin-top: 0.5em; }
.source { font-size: 14px; color: #666; margin-top: 1em; }
img { max-width: 100%; height: auto; }
.nightMode .card, .card.nightMode { color: #eee; background: #1c1c1c; }
.nightMode .translation, .nightMode .source { color: #bbb; }`

const FRONT = '{{Image}}<div class="phrase">{{Phrase}}</div>{{Audio}}'
const BACK =
  '{{FrontSide}}<hr id="answer"><div class="line">{{Line}}</div>' +
  '{{#Translation}}<div class="translation">{{Translation}}</div>{{/Translation}}' +
  '<div class="source">{{Source}}<br>{{Link}}</div>'

/** Anki's checksum of a note: the first 8 hex digits of the SHA-1 of its first field without HTML, as a number. */
export function fieldChecksum(field: string): number {
  return Number.parseInt(createHash('sha1').update(stripHtml(field)).digest('hex').slice(0, 8), 16)
}

/** A field as Anki sorts and checks it: tags removed, the basic entities decoded. */
export function stripHtml(html: string): string {
  return html
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .trim()
}

/** A stable id for a deck name (the same deck on every export of it, so a re-import lands in it again). */
function deckIdFor(name: string): number {
  return (
    1_000_000_000_000 +
    (Number.parseInt(createHash('sha1').update(name).digest('hex').slice(0, 10), 16) % 1e12)
  )
}

function modelJson(deckId: number, nowSeconds: number): Record<string, unknown> {
  return {
    id: MODEL_ID,
    name: MODEL_NAME,
    type: 0,
    mod: nowSeconds,
    usn: -1,
    sortf: 0,
    did: deckId,
    tmpls: [{ name: 'Clip', ord: 0, qfmt: FRONT, afmt: BACK, bqfmt: '', bafmt: '', did: null }],
    flds: ANKI_FIELDS.map((name, ord) => ({
      name,
      ord,
      sticky: false,
      rtl: false,
      font: 'Arial',
      size: 20,
      media: [],
    })),
    css: CSS,
    latexPre:
      '\\documentclass[12pt]{article}\n\\special{papersize=3in,5in}\n\\usepackage{amssymb,amsmath}\n' +
      '\\pagestyle{empty}\n\\setlength{\\parindent}{0in}\n\\begin{document}\n',
    latexPost: '\\end{document}',
    tags: [],
    vers: [],
    // the card is made when any of the fields on its front (Phrase, Audio, Image) has content
    req: [[0, 'any', [0, 3, 4]]],
  }
}

function deckJson(id: number, name: string, nowSeconds: number): Record<string, unknown> {
  return {
    id,
    name,
    desc: '',
    mod: nowSeconds,
    usn: -1,
    collapsed: false,
    dyn: 0,
    conf: DEFAULT_CONF_ID,
    extendNew: 10,
    extendRev: 50,
    newToday: [0, 0],
    revToday: [0, 0],
    lrnToday: [0, 0],
    timeToday: [0, 0],
  }
}

function deckConfJson(): Record<string, unknown> {
  return {
    id: DEFAULT_CONF_ID,
    name: 'Default',
    mod: 0,
    usn: 0,
    maxTaken: 60,
    autoplay: true,
    timer: 0,
    replayq: true,
    dyn: false,
    new: {
      bury: true,
      delays: [1, 10],
      initialFactor: 2500,
      ints: [1, 4, 7],
      order: 1,
      perDay: 20,
      separate: true,
    },
    lapse: { delays: [10], leechAction: 0, leechFails: 8, minInt: 1, mult: 0 },
    rev: { bury: true, ease4: 1.3, fuzz: 0.05, ivlFct: 1, maxIvl: 36500, minSpace: 1, perDay: 200 },
  }
}

/** Writes the SQLite collection of `deck` to `file` (a new file). */
export function writeCollection(file: string, deck: AnkiDeck, now: Date): void {
  const ms = now.getTime()
  const seconds = Math.floor(ms / 1000)
  const deckId = deckIdFor(deck.name)
  const db = new DatabaseSync(file)
  try {
    db.exec(SCHEMA)
    const conf = {
      activeDecks: [1],
      curDeck: 1,
      newSpread: 0,
      collapseTime: 1200,
      timeLim: 0,
      estTimes: true,
      dueCounts: true,
      curModel: String(MODEL_ID),
      nextPos: deck.notes.length + 1,
      sortType: 'noteFld',
      sortBackwards: false,
      addToCur: true,
      newBury: true,
    }
    const decks = {
      '1': deckJson(1, 'Default', seconds),
      [String(deckId)]: deckJson(deckId, deck.name, seconds),
    }
    db.prepare('insert into col values (1, ?, ?, ?, 11, 0, 0, 0, ?, ?, ?, ?, ?)').run(
      // crt: the collection's creation, at the start of its day
      Math.floor(seconds / 86400) * 86400,
      ms,
      ms,
      JSON.stringify(conf),
      JSON.stringify({ [String(MODEL_ID)]: modelJson(deckId, seconds) }),
      JSON.stringify(decks),
      JSON.stringify({ [String(DEFAULT_CONF_ID)]: deckConfJson() }),
      '{}',
    )
    const insertNote = db.prepare('insert into notes values (?, ?, ?, ?, -1, ?, ?, ?, ?, 0, ?)')
    // a new card: type 0, queue 0, due = its position among new cards
    const insertCard = db.prepare(
      'insert into cards values (?, ?, ?, 0, ?, -1, 0, 0, ?, 0, 0, 0, 0, 0, 0, 0, 0, ?)',
    )
    db.exec('begin')
    deck.notes.forEach((note, i) => {
      const id = ms + i
      const first = note.fields[0] ?? ''
      const tags = note.tags.length > 0 ? ` ${note.tags.join(' ')} ` : ''
      insertNote.run(
        id,
        note.guid,
        MODEL_ID,
        seconds,
        tags,
        note.fields.join('\x1f'),
        stripHtml(first),
        fieldChecksum(first),
        '',
      )
      insertCard.run(id, id, deckId, seconds, i + 1, '')
    })
    db.exec('commit')
  } finally {
    db.close()
  }
}

/** Zips the collection file and the media of `deck` into `output` (streamed from disk). */
export async function writePackage(output: string, collectionFile: string, deck: AnkiDeck): Promise<void> {
  const zip = new yazl.ZipFile()
  zip.addFile(collectionFile, 'collection.anki2')
  const map: Record<string, string> = {}
  deck.media.forEach((file, i) => {
    map[String(i)] = file.name
    // MP3 and JPEG do not shrink: stored, not deflated
    zip.addFile(file.path, String(i), { compress: false })
  })
  zip.addBuffer(Buffer.from(JSON.stringify(map)), 'media')
  zip.end()
  await pipeline(zip.outputStream, createWriteStream(output))
}
