/**
 * Synthetic dialogue corpus for the search benchmark: JSONL in the import format, with Zipf-distributed words and
 * everyday phrases ("i don't know", "what do you mean") as frequent as film dialogue makes them. Deterministic for
 * a seed. English lines of `../shared/corpus/msrt` are mixed in when present; without them it works the same.
 */
import { createWriteStream, existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { once } from 'node:events'
import { tokenize } from '@phrasereel/api/scripts'

/** Small fast PRNG (mulberry32), so a seed gives the same corpus every time. */
export function random(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

// The most frequent words of spoken English, roughly in frequency order.
const COMMON = `i you the to a it and that what is of in me we this no know do don't have it's on be i'm not
are just your for he my with was can get all so here like about go there right yeah oh but they well out up
if think she him there's one let's now okay how come want see at did say her got good them from us why gonna
his an going who mean or when look something tell back time would will take make need really sorry then never
thank yes could been our hey love way where were had can't didn't thing little man by more as over some very
let still two too down only life off any guy call give sure nothing find talk let's home wait day help stop
everything maybe better put feel great people first believe remember mind work again hear thought please god
night try into little kind mother father doing course said anything said should wrong nice long happened around
fine leave keep money every friend other much even big car always stay job guess place old looking other last
ever new than heard dead because went made tonight done name told listen girl care real pretty trying kill
anyone world wanna bad house room together someone things hell these those three saying getting whole live
wife son boy whatever believe nobody mom dad morning school okay alright baby problem stuff idea minute hand
woman kid game family play business run side best fun door police heart else`
  .split(/\s+/)
  .filter(Boolean)

const SYLLABLES =
  'ba be bi bo bu ca ce co da de di do fa fe fi ga go ha he hi ka ke ko la le li lo lu ma me mi mo na ne ni no pa pe pi po ra re ri ro sa se si so ta te ti to va ve vi wa we ya yo za zo'.split(
    ' ',
  )

// Everyday phrases learners search for; each is inserted with a Zipf-like weight of its own.
const PHRASES =
  `i don't know|what do you mean|how are you|are you okay|thank you|i'm sorry|come on|let's go|oh my god|i love you
what are you doing|i think so|you know what|are you sure|i don't think so|what's going on|i have to go|see you later
what do you want|i can't believe it|it doesn't matter|that's not true|what happened|i told you|leave me alone
take care|good morning|good night|how was your day|nice to meet you|what's up|i'll be right back|break a leg
make up your mind|never mind|i'm not sure|you're right|wait a minute|give me a break|it's not your fault
i need your help|what is it|where are you going|i'm fine|let me see|are you kidding me|i got it|here we go
calm down|shut up|get out|hold on|i mean|you see|all right|of course|no way|excuse me|trust me|look at me`
    .split(/[|\n]/)
    .map((phrase) => phrase.trim())
    .filter(Boolean)

const CATEGORIES = ['movie', 'series', 'podcast', 'talk', 'news', 'cartoon']
const GENRES = ['drama', 'comedy', 'action', 'documentary', 'romance', 'thriller', 'animation', 'education']

/** Vocabulary: the common words, then synthetic rarer words, to `size` words in rank order. */
function vocabulary(size: number, next: () => number): string[] {
  const words = [...new Set(COMMON)]
  const seen = new Set(words)
  while (words.length < size) {
    const n = 2 + Math.floor(next() * 3)
    let word = ''
    for (let i = 0; i < n; i++) word += SYLLABLES[Math.floor(next() * SYLLABLES.length)]
    if (!seen.has(word)) {
      seen.add(word)
      words.push(word)
    }
  }
  return words
}

/** A sampler of ranks 0..n-1 with P(r) proportional to 1/(r+1)^s. */
function zipf(n: number, s: number, next: () => number): () => number {
  const cumulative = new Float64Array(n)
  let total = 0
  for (let r = 0; r < n; r++) {
    total += 1 / (r + 1) ** s
    cumulative[r] = total
  }
  return () => {
    const target = next() * total
    let lo = 0
    let hi = n - 1
    while (lo < hi) {
      const mid = (lo + hi) >>> 1
      if (cumulative[mid]! < target) lo = mid + 1
      else hi = mid
    }
    return lo
  }
}

/** English lines of the shared msrt corpus, when it is there. */
function seedLines(): string[] {
  const dir = path.resolve(import.meta.dirname, '../../../../shared/corpus/msrt')
  if (!existsSync(dir)) return []
  const lines: string[] = []
  for (const file of readdirSync(dir).filter((name) => name.endsWith('.msrt'))) {
    for (const line of readFileSync(path.join(dir, file), 'utf8').split(/\r?\n/)) {
      const match = /^\[eng\]\s*(.+)$/.exec(line)
      if (match && !/[<{[]/.test(match[1]!) && tokenize(match[1]!).length >= 2) lines.push(match[1]!.trim())
    }
  }
  return lines
}

export interface CorpusOptions {
  chunks: number
  seed?: number
  /** Chunks per content item (on average). */
  perContent?: number
  vocabularySize?: number
  /** Content keys are `{keyPrefix}-{n}` (default `bench`): another prefix makes another set of content items. */
  keyPrefix?: string
}

/** What the query mix is drawn from. */
export interface CorpusStats {
  vocabulary: string[]
  /** The most frequent 2- and 3-word phrases of a sample of the corpus, most frequent first. */
  frequentPhrases: string[]
  /** 3-word windows taken from chunks that contain a rare word. */
  rarePhrases: string[]
  seedLines: number
}

/** Writes `options.chunks` lines to `file` and returns what the query mix needs. */
export async function writeCorpus(file: string, options: CorpusOptions): Promise<CorpusStats> {
  const next = random(options.seed ?? 42)
  const words = vocabulary(options.vocabularySize ?? 30_000, next)
  const pickWord = zipf(words.length, 1.05, next)
  const pickPhrase = zipf(PHRASES.length, 0.9, next)
  const seeds = seedLines()
  const perContent = options.perContent ?? 60
  const out = createWriteStream(file, { encoding: 'utf8', highWaterMark: 1 << 20 })
  const gramCounts = new Map<string, number>()
  const rare: string[] = []
  const sampleEnd = Math.min(options.chunks, 50_000)
  let contentIndex = -1
  let content: Record<string, unknown> = {}
  let remaining = 0
  let buffer = ''
  for (let i = 0; i < options.chunks; i++) {
    if (remaining <= 0) {
      contentIndex++
      remaining = Math.max(1, Math.round(perContent * (0.5 + next())))
      content = {
        name: `Show ${contentIndex + 1}`,
        category: CATEGORIES[contentIndex % CATEGORIES.length],
        genre: GENRES[Math.floor(next() * GENRES.length)],
        year: 1960 + Math.floor(next() * 65),
        part: `Part ${1 + (contentIndex % 7)}`,
        key: `${options.keyPrefix ?? 'bench'}-${contentIndex + 1}`,
      }
    }
    remaining--
    const text = sentence(next, words, pickWord, pickPhrase, seeds)
    const raw = text.split(' ')
    let t = 0.2
    const timed = raw.map((word) => {
      const start = t
      t += 0.12 + 0.05 * word.length
      const end = t
      t += 0.04
      return { word, start: Math.round(start * 100) / 100, end: Math.round(end * 100) / 100 }
    })
    const duration = Math.round((t + 0.3) * 100) / 100
    buffer += `${JSON.stringify({ content, text, duration, words: timed })}\n`
    if (buffer.length > 1 << 20) {
      if (!out.write(buffer)) await once(out, 'drain')
      buffer = ''
    }
    if (i < sampleEnd) {
      const tokens = tokenize(text)
      for (let n = 2; n <= 3; n++) {
        for (let k = 0; k + n <= tokens.length; k++) {
          const gram = tokens.slice(k, k + n).join(' ')
          gramCounts.set(gram, (gramCounts.get(gram) ?? 0) + 1)
        }
      }
      if (rare.length < 500 && tokens.length >= 3 && next() < 0.05) {
        const k = Math.floor(next() * (tokens.length - 2))
        const window = tokens.slice(k, k + 3)
        if (window.some((token) => words.indexOf(token) > 3000)) rare.push(window.join(' '))
      }
    }
  }
  out.write(buffer)
  out.end()
  await once(out, 'finish')
  const frequentPhrases = [...gramCounts.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 100)
    .map(([gram]) => gram)
  return { vocabulary: words, frequentPhrases, rarePhrases: rare, seedLines: seeds.length }
}

function sentence(
  next: () => number,
  words: string[],
  pickWord: () => number,
  pickPhrase: () => number,
  seeds: string[],
): string {
  if (seeds.length > 0 && next() < 0.02) return seeds[Math.floor(next() * seeds.length)]!
  // clip lengths of film dialogue: mostly 3 to 12 words, a long tail up to ~30
  const length = Math.max(1, Math.min(30, Math.round(Math.exp(1.9 + 0.5 * gaussian(next)))))
  const parts: string[] = []
  let count = 0
  while (count < length) {
    if (next() < 0.22) {
      const phrase = PHRASES[pickPhrase()]!
      parts.push(phrase)
      count += phrase.split(' ').length
    } else {
      parts.push(words[pickWord()]!)
      count++
    }
  }
  let text = parts.join(' ')
  text = text.replace(/\bi\b/g, 'I')
  text = text.charAt(0).toUpperCase() + text.slice(1)
  const tokens = text.split(' ')
  if (tokens.length > 6 && next() < 0.4) {
    const k = 2 + Math.floor(next() * (tokens.length - 4))
    tokens[k] = `${tokens[k]},`
  }
  const end = next()
  return `${tokens.join(' ')}${end < 0.55 ? '.' : end < 0.85 ? '?' : end < 0.95 ? '!' : '...'}`
}

function gaussian(next: () => number): number {
  return Math.sqrt(-2 * Math.log(1 - next())) * Math.cos(2 * Math.PI * next())
}
