/**
 * The embed page's URL parameters (they mirror the JS API's options; widget/README.md "Embedding with the JS API"),
 * read once on the server into the config the page's script starts from. Bad values fall back to the defaults:
 * an embed on someone else's page shows the player rather than an error about a parameter.
 */
import { LIMITS } from '@phrasereel/api/shared/limits'
import { DEFAULT_COMPONENTS, type EmbedComponents } from '@phrasereel/widget/embed-protocol'
import { PLAYBACK_RATES } from '@phrasereel/widget'

/** How many times a clip may be asked to play before the player advances. */
export const MAX_REPEAT = 20
/** Search results fetched per page as the player plays through them. */
export const EMBED_PAGE_SIZE = 20

export interface EmbedParams {
  /** The player id the loader gave (tags every message), '' without a loader. */
  id: string
  /** The host page's origin (messages are posted to it only), '' when unknown (then to any parent). */
  origin: string
  query: string | null
  lang: string | null
  theme: 'dark' | 'light'
  speed: number
  repeat: number
  autoplay: boolean
  muted: boolean
  components: EmbedComponents
}

const flag = (value: string | null, fallback: boolean): boolean =>
  value === null ? fallback : !/^(0|false|no|off)$/i.test(value)

/** The page's parameters from its URL. */
export function readEmbedParams(params: URLSearchParams): EmbedParams {
  const query = params.get('q')?.trim().slice(0, LIMITS.searchQueryMaxLength) || null
  const lang = params.get('lang')?.trim().toLowerCase() ?? ''
  const speed = Number(params.get('speed'))
  const repeat = Number(params.get('repeat'))
  const id = params.get('id') ?? ''
  let origin = ''
  try {
    const given = params.get('origin')
    if (given) origin = new URL(given).origin
  } catch {
    origin = ''
  }
  const components = { ...DEFAULT_COMPONENTS }
  for (const key of Object.keys(components) as (keyof EmbedComponents)[])
    components[key] = flag(params.get(key), components[key])
  return {
    id: /^[\w-]{1,64}$/.test(id) ? id : '',
    origin: origin === 'null' ? '' : origin,
    query,
    lang: /^[a-z]{2}$/.test(lang) ? lang : null,
    theme: params.get('theme') === 'light' ? 'light' : 'dark',
    speed: PLAYBACK_RATES.includes(speed) ? speed : 1,
    repeat: Number.isInteger(repeat) && repeat >= 1 ? Math.min(repeat, MAX_REPEAT) : 1,
    autoplay: flag(params.get('autoplay'), false),
    muted: flag(params.get('muted'), false),
    components,
  }
}
