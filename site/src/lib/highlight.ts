/** Splitting a transcript into plain and highlighted parts for the searched phrase (spec §2.4, §5). */
import { normalizeText } from '@phrasereel/api/shared/limits'

/** A run of transcript text and whether it belongs to the matched phrase. */
export interface TextPart {
  text: string
  hit: boolean
}

/**
 * Highlights every occurrence of the query in the transcript as one phrase, word by word after spec §5
 * normalisation; white space is kept as written.
 */
export function highlightTranscript(transcript: string, query: string | null | undefined): TextPart[] {
  const tokens = (query ?? '').split(/\s+/).map(normalizeText).filter(Boolean)
  const pieces = transcript.split(/(\s+)/)
  if (tokens.length === 0) return transcript ? [{ text: transcript, hit: false }] : []
  // pieces alternate word, space, word…; words sit at even positions
  const words: { piece: number; norm: string }[] = []
  pieces.forEach((piece, index) => {
    if (index % 2 === 0 && piece !== '') words.push({ piece: index, norm: normalizeText(piece) })
  })
  const hit = new Array<boolean>(pieces.length).fill(false)
  for (let i = 0; i + tokens.length <= words.length; i++) {
    if (!tokens.every((token, k) => words[i + k]!.norm === token)) continue
    const first = words[i]!.piece
    const last = words[i + tokens.length - 1]!.piece
    for (let p = first; p <= last; p++) hit[p] = true
  }
  const parts: TextPart[] = []
  pieces.forEach((text, index) => {
    if (text === '') return
    const isHit = hit[index]!
    const previous = parts[parts.length - 1]
    if (previous && previous.hit === isHit) previous.text += text
    else parts.push({ text, hit: isHit })
  })
  return parts
}

/** Highlights words `first`..`last` (0-based, inclusive, split on white space), e.g. from a search match. */
export function highlightWordRange(transcript: string, first: number, last: number): TextPart[] {
  const pieces = transcript.split(/(\s+)/)
  const parts: TextPart[] = []
  let word = -1
  pieces.forEach((text, index) => {
    if (text === '') return
    if (index % 2 === 0) word++
    // white space between two highlighted words belongs to the phrase
    const isHit = index % 2 === 0 ? word >= first && word <= last : word >= first && word < last
    const previous = parts[parts.length - 1]
    if (previous && previous.hit === isHit) previous.text += text
    else parts.push({ text, hit: isHit })
  })
  return parts
}
