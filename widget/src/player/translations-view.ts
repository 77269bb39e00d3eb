import { MESSAGES } from '@phrasereel/api/shared/messages'
import { h } from '../dom.ts'
import {
  availableTabs,
  currentLiteralRow,
  isRtl,
  type LiteralRow,
  languageFlagUrl,
  pairLiteral,
  type TranslationTab,
} from '../translations.ts'
import type { UserPreferences } from '@phrasereel/api/shared/wire'
import type { PlayerTranslation } from '../types.ts'
import { literalTable, markLiteralRow } from './literal-table.ts'
import type { PlayerContext } from './state.ts'

const TAB_LABELS: Record<TranslationTab, string> = { full: 'Full', literal: 'Literal', keywords: 'Keywords' }

/** What the translations panel asks of the rest of the player. */
export interface TranslationsHooks {
  seek(time: number): void
  /** The learner's remembered language and tab (issue 17). */
  remembered(): UserPreferences
  /** The browser's languages, two-letter codes, most wanted first. */
  browserLanguages(): string[]
  /** The learner chose a language or a tab: remember it. */
  remember(patch: UserPreferences): void
  /** The literal table was drawn again: bring everything that follows time up to date. */
  refresh(): void
  /** The language shown may have changed (issue 18: 'Context' shows its lines' translations in it). */
  languageChanged?(): void
}

/** The translations panel: language picker, Full / Literal / Keywords tabs, the literal row being said. */
export interface TranslationsView {
  readonly element: HTMLElement
  /** The store has new translations: keep the chosen language when the list still has it, and redraw. */
  onTranslations(): void
  /** Draw the Literal tab again (new subtitles or query); other tabs are left alone. */
  renderLiteral(): void
  /** Back to the first language and its first tab (spec §4: closing resets the translation UI). */
  reset(): void
  /** Follow the playing position: mark the literal row being said. */
  showTime(time: number): void
  /** The language shown (two-letter code), or null while there is none. */
  language(): string | null
}

function languageNames(): Intl.DisplayNames | null {
  try {
    return new Intl.DisplayNames(['en'], { type: 'language' })
  } catch {
    return null
  }
}

/** Create the (empty) translations panel. */
export function createTranslationsView(ctx: PlayerContext, hooks: TranslationsHooks): TranslationsView {
  const { store, idPrefix } = ctx
  let language: string | null = null
  let tab: TranslationTab | null = null
  let literalRows: LiteralRow[] = []
  let rowIndex = -1
  const panel = h('aside', {
    className: 'pr-translations',
    'aria-label': 'Translations',
    'data-testid': 'pr-translations',
    id: `${idPrefix}-panel`,
  })

  /**
   * The language to show (issue 17): the one the host asked for, else the learner's remembered one, else the
   * browser's first language the clip has, else the list's first, among those the clip has.
   */
  const preferred = (list: PlayerTranslation[] | null): string | null => {
    if (!list || list.length === 0) return null
    const wanted = [
      ctx.options().language,
      hooks.remembered().translation_language,
      ...hooks.browserLanguages(),
    ]
    for (const code of wanted) {
      const found = code ? list.find((t) => t.translated_language.toLowerCase() === code.toLowerCase()) : null
      if (found) return found.translated_language
    }
    return list[0]!.translated_language
  }

  const currentTranslation = (): PlayerTranslation | null =>
    store.get().translations?.find((t) => t.translated_language === language) ?? null

  function render(): void {
    hooks.languageChanged?.()
    panel.replaceChildren()
    const { translations } = store.get()
    if (translations === null) return
    if (translations.length === 0) {
      panel.append(h('p', { className: 'pr-empty' }, MESSAGES.noTranslations))
      literalRows = []
      return
    }
    panel.append(languagePicker(translations))
    const translation = currentTranslation()
    const tabs = availableTabs(translation)
    if (!tab || !tabs.includes(tab)) {
      const kept = hooks.remembered().translation_tab
      tab = kept && tabs.includes(kept) ? kept : (tabs[0] ?? null)
    }
    const tabList = h('div', { className: 'pr-tabs', role: 'tablist', 'aria-label': 'Translation view' })
    const body = h('div', {
      className: 'pr-tab-body',
      role: 'tabpanel',
      id: `${idPrefix}-body`,
      dir: isRtl(language ?? '') ? 'rtl' : 'ltr',
      lang: language ?? '',
      'data-testid': 'pr-translation-body',
    })
    if (isRtl(language ?? '')) body.classList.add('pr-rtl')
    for (const name of tabs) {
      const button = h(
        'button',
        {
          type: 'button',
          role: 'tab',
          className: 'pr-tab',
          'aria-selected': String(name === tab),
          'aria-controls': `${idPrefix}-body`,
        },
        TAB_LABELS[name],
      )
      button.addEventListener('click', () => {
        tab = name
        hooks.remember({ translation_tab: name })
        render()
      })
      tabList.append(button)
    }
    panel.append(tabList, body)
    literalRows = []
    if (tab === 'full') {
      body.append(h('p', { className: 'pr-full' }, translation?.translation_data?.translated_phrase ?? ''))
    } else if (tab === 'keywords') {
      const list = h('dl', { className: 'pr-keywords' })
      for (const k of translation?.translation_comprehension_data ?? []) {
        list.append(h('dt', { lang: 'en', dir: 'ltr' }, k.phrase), h('dd', {}, k.translation))
      }
      body.append(list)
    } else if (tab === 'literal') {
      renderLiteralInto(body, translation)
    }
  }

  function languagePicker(translations: PlayerTranslation[]): HTMLElement {
    const names = languageNames()
    const picker = h('div', {
      className: 'pr-languages',
      role: 'group',
      'aria-label': 'Translation language',
    })
    for (const t of translations) {
      const code = t.translated_language
      const flag = languageFlagUrl(code, ctx.options().apiBase)
      const name = names?.of(code) ?? code.toUpperCase()
      // the language's name is the button's text and its accessible name; the flag is decoration
      const button = h(
        'button',
        { type: 'button', className: 'pr-language', 'aria-pressed': String(code === language), lang: 'en' },
        flag
          ? h('img', {
              className: 'pr-flag',
              src: flag,
              alt: '',
              width: 20,
              height: 15,
              decoding: 'async',
              loading: 'lazy',
            })
          : null,
        name,
      )
      button.addEventListener('click', () => {
        language = code
        tab = null
        hooks.remember({ translation_language: code })
        render()
      })
      picker.append(button)
    }
    return picker
  }

  function renderLiteralInto(body: HTMLElement, translation: PlayerTranslation | null): void {
    const opts = ctx.options()
    rowIndex = -1
    literalRows = pairLiteral(translation, store.get().words, opts.transcript)
    body.append(literalTable(literalRows, opts.query, hooks.seek))
    if (literalRows.length > 0) hooks.refresh()
  }

  return {
    element: panel,
    onTranslations() {
      const list = store.get().translations
      if (!list?.some((t) => t.translated_language === language)) {
        language = preferred(list)
        tab = null
      }
      render()
    },
    renderLiteral() {
      const body = panel.querySelector<HTMLElement>('.pr-tab-body')
      if (tab !== 'literal' || !body) return
      body.replaceChildren()
      renderLiteralInto(body, currentTranslation())
    },
    reset() {
      language = preferred(store.get().translations)
      tab = null
      render()
    },
    showTime(time) {
      const nextRow = currentLiteralRow(literalRows, time)
      if (nextRow === rowIndex) return
      rowIndex = nextRow
      markLiteralRow(panel, rowIndex)
    },
    language: () => language,
  }
}
