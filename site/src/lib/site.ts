/** Site-wide names and texts that are not spec messages: the product name and the default title tagline. */
export const SITE_NAME = 'PhraseReel'

/** The default page title: a tagline with the product name (spec §9). */
export const DEFAULT_TITLE = 'PhraseReel – Hear any phrase said by real people'

export const SITE_DESCRIPTION =
  'Search a word or phrase and watch short clips from films, series and podcasts with word-level subtitles and translations.'

/** A page title with the product name after it. */
export function pageTitle(title?: string | null): string {
  return title ? `${title} – ${SITE_NAME}` : DEFAULT_TITLE
}

/** Where content-removal requests and policy questions go (spec §2.11 contact link). */
export const CONTACT_EMAIL = 'copyright@phrasereel.app'

/** The two donation services of the sponsor page (spec §2.11). */
export const DONATION_SERVICES = [
  {
    name: 'Buy Me a Coffee',
    href: 'https://www.buymeacoffee.com/phrasereel',
    text: 'A one-off contribution that keeps the servers running and new clips coming.',
  },
  {
    name: 'Ko-fi',
    href: 'https://ko-fi.com/phrasereel',
    text: 'Support the project once or monthly; every contribution is voluntary.',
  },
] as const

export const HASHTAG = 'PhraseReel'

/** Social searches for the hashtag (spec §2.11: Twitter, Instagram, Facebook, LinkedIn). */
export const HASHTAG_LINKS = [
  { name: 'Twitter', href: `https://twitter.com/search?q=%23${HASHTAG}` },
  { name: 'Instagram', href: `https://www.instagram.com/explore/tags/${HASHTAG.toLowerCase()}/` },
  { name: 'Facebook', href: `https://www.facebook.com/hashtag/${HASHTAG.toLowerCase()}` },
  { name: 'LinkedIn', href: `https://www.linkedin.com/feed/hashtag/${HASHTAG.toLowerCase()}/` },
] as const

/** Where privacy questions and account removal requests go (/privacy, /terms). */
export const PRIVACY_EMAIL = 'privacy@phrasereel.app'

/** The date the Terms of Service and the Privacy Policy took effect (issue 17). */
export const LEGAL_EFFECTIVE_DATE = { iso: '2026-11-25', text: 'November 25, 2026' } as const
