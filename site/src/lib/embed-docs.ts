/**
 * The embeddable player's public contract as the /developers/embed page documents it (issue 16): every option,
 * method and event with its payload. The loader (`/embed/api.js`, widget/src/embed-api/) implements it.
 */

export interface DocEntry {
  /** As it is written in code. */
  name: string
  /** The type, the signature, or the payload. */
  shape: string
  text: string
}

/** `new PhraseReel.Player(target, options)` options; `data-*` of a code-free embed mirror them. */
export const EMBED_OPTIONS: DocEntry[] = [
  {
    name: 'query',
    shape: 'string',
    text: 'Plays through the search results for this phrase, each clip starting at the phrase. Give this or chunkId.',
  },
  { name: 'chunkId', shape: 'number', text: 'Plays one clip (the id in its /play/{id} link).' },
  {
    name: 'lang',
    shape: "string, e.g. 'fr'",
    text: 'Two-letter code of the translation language shown.',
  },
  {
    name: 'autoplay',
    shape: 'boolean, default false',
    text: 'Starts playing when ready. Browsers may refuse sound without a click; see muted.',
  },
  { name: 'muted', shape: 'boolean, default false', text: 'Starts muted (lets browsers allow autoplay).' },
  { name: 'theme', shape: "'dark' | 'light', default 'dark'", text: 'Colour theme of the player.' },
  { name: 'speed', shape: 'number, default 1', text: 'Playback rate: 0.5, 0.75, 1, 1.25, 1.5, 1.75 or 2.' },
  {
    name: 'repeat',
    shape: 'number, default 1',
    text: 'How many times each clip plays before the player goes on to the next result.',
  },
  {
    name: 'components',
    shape: '{ subtitles, translations, controls, info, search }: booleans',
    text: 'Which parts show. Subtitles, translations, controls and info show by default; the search box does not.',
  },
  {
    name: 'width, height',
    shape: "number (pixels) or CSS length; default '100%' wide, 400 px high",
    text: 'Size of the iframe the player runs in.',
  },
  {
    name: 'events',
    shape:
      '{ onReady, onFetchDone, onClipChange, onSegmentChange, onWordChange, onStateChange, onSpeedChange, onError }',
    text: 'Listeners to add at once; the same as calling on() with the lower-case names below.',
  },
]

/** Methods of a `PhraseReel.Player`. */
export const EMBED_METHODS: DocEntry[] = [
  { name: 'play', shape: 'play()', text: 'Plays.' },
  { name: 'pause', shape: 'pause()', text: 'Pauses.' },
  { name: 'replay', shape: 'replay()', text: 'Plays the phrase again from its start.' },
  {
    name: 'next',
    shape: 'next()',
    text: 'Goes to the next clip (the next result, or the next clip of the source).',
  },
  { name: 'previous', shape: 'previous()', text: 'Goes to the previous clip.' },
  { name: 'seek', shape: 'seek(seconds)', text: 'Jumps to a time in the clip.' },
  {
    name: 'setSpeed',
    shape: 'setSpeed(rate)',
    text: 'Sets the playback rate: 0.5, 0.75, 1, 1.25, 1.5, 1.75 or 2 (another rate is an invalid_speed error).',
  },
  { name: 'getSpeed', shape: 'getSpeed() → number', text: 'The playback rate the player last reported.' },
  { name: 'fetch', shape: 'fetch(query)', text: 'Starts a new search in the same player.' },
  {
    name: 'getState',
    shape: "getState() → 'playing' | 'paused' | 'ended' | 'buffering'",
    text: 'The playback state the player last reported.',
  },
  { name: 'on', shape: 'on(name, fn) → player', text: 'Adds a listener for an event (lower-case name).' },
  { name: 'off', shape: 'off(name, fn) → player', text: 'Removes that listener.' },
  { name: 'destroy', shape: 'destroy()', text: 'Removes the iframe and every listener.' },
]

/** Events: `on(name)` takes the lower-case names, `events` the onName forms. */
export const EMBED_EVENTS: (DocEntry & { option: string })[] = [
  { name: 'ready', option: 'onReady', shape: '{}', text: 'The player is up and takes commands.' },
  {
    name: 'fetchdone',
    option: 'onFetchDone',
    shape: '{ query, total }',
    text: 'A search finished: the phrase and how many clips it found.',
  },
  {
    name: 'clipchange',
    option: 'onClipChange',
    shape: '{ index, total, chunkId, text }',
    text: 'Another clip is shown: its place in the results, their number, its id and transcript.',
  },
  {
    name: 'segmentchange',
    option: 'onSegmentChange',
    shape: '{ index, text, start, end }',
    text: 'The subtitle line being said changed; times in seconds in the clip.',
  },
  {
    name: 'wordchange',
    option: 'onWordChange',
    shape: '{ index, word, start, end }',
    text: 'The word being said changed: its index among the clip’s words, the word and its times.',
  },
  {
    name: 'statechange',
    option: 'onStateChange',
    shape: "{ state: 'playing' | 'paused' | 'ended' | 'buffering' }",
    text: 'Playback started, paused, ended or is waiting for data.',
  },
  { name: 'speedchange', option: 'onSpeedChange', shape: '{ speed }', text: 'The playback rate changed.' },
  {
    name: 'error',
    option: 'onError',
    shape: '{ code, message }',
    text: 'Something failed. code is one of not_found (no such clip), no_results, fetch_failed, bad_query, invalid_speed, invalid_seek, unknown_command, media (the media could not play); message says it in words.',
  },
]
