/**
 * Text clean-up shared by every subtitle format: decoding (BOM, UTF-16, Latin-1), markup removal, sound
 * descriptions and word splitting.
 */

/**
 * Decodes a subtitle file: honours a UTF-8/UTF-16 byte-order mark, reads valid UTF-8 as such, and falls back to
 * Windows-1252 (a superset of Latin-1 for printable text) for anything else. CRLF and CR become LF.
 */
export function decodeText(bytes: Uint8Array): string {
  let text: string
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    text = new TextDecoder('utf-8').decode(bytes.subarray(3))
  } else if (bytes[0] === 0xff && bytes[1] === 0xfe) {
    text = new TextDecoder('utf-16le').decode(bytes.subarray(2))
  } else if (bytes[0] === 0xfe && bytes[1] === 0xff) {
    text = new TextDecoder('utf-16be').decode(bytes.subarray(2))
  } else {
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(bytes)
    } catch {
      text = new TextDecoder('windows-1252').decode(bytes)
    }
  }
  return text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n')
}

const HTML_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  lrm: '',
  rlm: '',
}

/**
 * One line of plain transcript text from a cue's lines: drops HTML-like tags (`<i>`, `<font …>`, WebVTT
 * `<v Bob>`, `<c.x>`, timestamps `<00:01.000>`), ASS/SSA override blocks (`{\an8}`, `{\i1}`), `\N` line breaks,
 * dialogue dashes at line starts, and collapses whitespace.
 */
export function cleanCueText(lines: string[]): string {
  const joined = lines
    .map((line) =>
      line
        .replace(/\{\\[^}]*\}/g, '')
        .replace(/\\[Nn]/g, ' ')
        .replace(/<[^>]*>/g, '')
        .replace(/&(#\d+|#x[0-9a-f]+|[a-z]+);/gi, (entity, name: string) => {
          if (name.startsWith('#x') || name.startsWith('#X'))
            return String.fromCodePoint(Number.parseInt(name.slice(2), 16))
          if (name.startsWith('#')) return String.fromCodePoint(Number.parseInt(name.slice(1), 10))
          return HTML_ENTITIES[name.toLowerCase()] ?? entity
        })
        .replace(/^\s*[-–—]\s+/, '')
        .trim(),
    )
    .filter(Boolean)
    .join(' ')
  return joined.replace(/\s+/g, ' ').trim()
}

const SOUND_WORDS =
  /^(music|music playing|applause|laughs?|laughter|laughing|sighs?|gasps?|coughs?|cheering|silence|inaudible|indistinct|chuckles?|groans?|screams?|sobbing|crying|door (closes|opens|slams)|phone rings|footsteps|thunder|static|upbeat music|dramatic music|soft music|background noise|no audio|speaking foreign language)$/i

/**
 * Drops sound descriptions from a cleaned line: bracketed or parenthesised notes (`[music]`, `(laughs)`), music
 * symbols and speaker labels in capitals (`JOHN:`). What is left is what was said; empty means the cue only
 * described sounds.
 */
export function stripSoundDescriptions(text: string): string {
  // a cue that is one parenthesised note, in any language, describes a sound: "(rires)", "(suspira)"
  if (/^\([^()]*\)$/.test(text.trim())) return ''
  return text
    .replace(/\[[^\]]*\]/g, ' ')
    .replace(/\(([^)]*)\)/g, (match, inner: string) =>
      SOUND_WORDS.test(inner.trim()) || /^[A-Z][A-Z .,'-]+$/.test(inner.trim()) ? ' ' : match,
    )
    .replace(/[♪♫♬♩#]+/g, ' ')
    .replace(/^\s*[A-Z][A-Z .'-]{1,30}:\s+/, '')
    .replace(/\s+/g, ' ')
    .trim()
}

/** True when a cleaned line has no word characters left (only punctuation, dashes, ellipses). */
export function hasWords(text: string): boolean {
  return /[\p{L}\p{N}]/u.test(text)
}

/** Splits a transcript line into the words the player shows (punctuation stays attached to its word). */
export function splitWords(text: string): string[] {
  return text.split(/\s+/).filter((word) => hasWords(word))
}
