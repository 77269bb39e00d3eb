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
  // Largest page of the admin content lists when a client pages them (not in the spec; by default they are whole).
  adminPageMax: 1000,
  // embeds and oEmbed (issue 16; docs/decisions/087): the default player size (16:9) and the longest oEmbed `url`
  embedDefaultWidth: 640,
  embedDefaultHeight: 360,
  oembedUrlMaxLength: 2048,
} as const

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
