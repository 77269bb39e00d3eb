/**
 * Business constants and limits of spec §9 (and §5), the one place both the server and the browser read them.
 * Pure data: safe to import from islands and the widget.
 */
export const LIMITS = {
  authCookieName: 'auth_token',
  authCookieDays: 30,
  adminCookieName: 'admin_token',
  adminCookieDays: 30,
  // an admin session also ends after this long without a request (not in the spec; OWASP ASVS 3.3.2)
  adminSessionIdleHours: 12,
  themeStorageKey: 'theme',
  minPasswordLength: 8,
  verificationCodeDigits: 8,
  verificationCodeTtlMinutes: 15,
  verificationMaxAttempts: 5,
  resendCooldownSeconds: 180,
  redirectAfterVerificationMs: 1500,
  profileSuccessMessageMs: 3000,
  stepTransitionMs: 250,
  mobileBreakpointPx: 768,
  toastHeightPx: 24,
  toastFadeMs: 150,
  toastHideMs: 1500,
  cardCopyFlagMs: 2000,
  buttonDebounceMs: 300,
  navigationLockMs: 500,
  chunkSwitchTimeoutMs: 3000,
  subtitleFetchDelayMs: 50,
  translationFetchDelayMs: 25,
  counterAnimationMs: 500,
  resultsPageSize: 10,
  skeletonCardsGrid: 10,
  skeletonCardsHome: 12,
  skeletonCardsCollections: 6,
  homePageSize: 12,
  homeMinWaitBetweenLoadsMs: 3500,
  homeScrollBottomThresholdPx: 50,
  homeObserverThreshold: 0.5,
  /** `random-chunks?exclude=`: clips the feed already shows, left out of the answer (the most recent ones). */
  randomExcludeMax: 480,
  /** `random-chunks?genre=`: longest genre name accepted. */
  genreMaxLength: 100,
  collectionNameMax: 100,
  collectionDescriptionMax: 500,
  collectionPhraseMax: 200,
  collectionCardTagsShown: 3,
  contentRemovalTargetHours: 24,
  // phrase search (issue 4): results per call unless `limit` says otherwise, the most one call returns, how far
  // paging reaches (also the most X-Total-Count reports), and the longest query accepted
  searchDefaultLimit: 20,
  searchMaxLimit: 100,
  searchMaxResults: 1000,
  searchQueryMaxLength: 500,
  // type-ahead and "did you mean" (issue 18, docs/decisions/090): suggestions from this many typed characters, the
  // most one answer holds, the wait after the last key before asking, and the longest query a correction is tried for
  completeMinChars: 2,
  completeMax: 8,
  completeDebounceMs: 120,
  correctMaxWords: 8,
  // lines of context around a clip (issue 18): shown by default either way, and the most one call answers
  contextDefaultLines: 3,
  contextMaxLines: 10,
  // account fields (server limits, not in the spec)
  nameMaxLength: 100,
  emailMaxLength: 254,
  passwordMaxLength: 256,
  // Not in the spec (§5 says "not shown"); chosen in docs/decisions/031.
  collectionTagsMax: 10,
  collectionTagMax: 30,
  collectionMembersMax: 250,
  // Page size of the liked, saved, history and collection lists (limit/offset paging; docs/decisions/030).
  listPageDefault: 100,
  listPageMax: 100,
  // Anki and CSV exports (issue 18, docs/decisions/091): the most clips one export holds, exports running at once in
  // one process, jobs a user may have queued or running, how long a file is kept, clips cut by one ffmpeg process,
  // and how long a job may go without a sign of life before it counts as interrupted
  exportMaxClips: 1000,
  exportConcurrency: 2,
  exportActivePerUser: 2,
  exportKeepMinutes: 60,
  exportFfmpegBatch: 25,
  exportStaleSeconds: 120,
  // Largest page of the admin content lists when a client pages them (not in the spec; by default they are whole).
  adminPageMax: 1000,
  // Most chunk ids one bulk enable/disable takes (not in the spec; docs/decisions/084): a content item's whole list.
  adminBulkMax: 5000,
  // 'Forgot your password?' (issue 17, docs/decisions/089): an 8-digit code like the verification code, with its
  // lifetime and tries, and one reset mail per address per resend cooldown
  passwordResetCodeTtlMinutes: 15,
  passwordResetMaxAttempts: 5,
  // remembered settings (issue 17): the largest `preferences` object a profile call may send, as JSON
  preferencesMaxBytes: 512,
  // embeds and oEmbed (issue 16; docs/decisions/087): the default player size (16:9) and the longest oEmbed `url`
  embedDefaultWidth: 640,
  embedDefaultHeight: 360,
  oembedUrlMaxLength: 2048,
  // search filters (issue 18, docs/decisions/098): most values a facet lists, and the release years a filter takes
  searchFacetValues: 50,
  searchYearMin: 1800,
  searchYearMax: 2200,
} as const

/**
 * Remembered player settings a user's `preferences` may hold (issue 17, docs/decisions/089): the player's speed
 * choices (the one list: widget/src/player/options.ts PLAYBACK_RATES is this) and its translation tabs (spec §4:
 * Full, Literal, Keywords).
 */
export const PREFERENCE_PLAYBACK_RATES: readonly number[] = [0.5, 0.75, 1, 1.25, 1.5, 1.75, 2]
export const PREFERENCE_TRANSLATION_TABS = ['full', 'literal', 'keywords'] as const

/** Right-to-left languages (spec §3). */
export const RTL_LANGUAGES: readonly string[] = ['fa', 'ar', 'he', 'ur']

/** Language code to flag country code (spec §3). */
export const LANGUAGE_FLAGS: Readonly<Record<string, string>> = {
  en: 'gb',
  us: 'us',
  fa: 'ir',
  ar: 'sa',
  es: 'es',
  fr: 'fr',
  de: 'de',
  it: 'it',
  ru: 'ru',
  zh: 'cn',
  ja: 'jp',
  ko: 'kr',
  hi: 'in',
  tr: 'tr',
  pt: 'pt',
}

/**
 * Matching text normalisation of spec §5: lowercase, strip `. , ! ? ; : ' " ( )`, trim. Used for search on the
 * index and query sides, for highlighting, and for duplicate phrases in collections.
 */
export function normalizeText(text: string): string {
  return text
    .toLowerCase()
    .replace(/[.,!?;:'"()]/g, '')
    .trim()
}
