import { MESSAGES } from '@phrasereel/api/shared/messages'
import { h } from '../dom.ts'
import {
  availableTabs,
  currentLiteralRow,
  isRtl,
  type LiteralRow,
  languageFlag,
  pairLiteral,
  type TranslationTab,
} from '../translations.ts'
import type { PlayerTranslation } from '../types.ts'
import { literalTable, markLiteralRow } from './literal-table.ts'
import type { PlayerContext } from './state.ts'

const TAB_LABELS: Record<TranslationTab, string> = { full: 'Full', literal: 'Literal', keywords: 'Keywords' }

/** What the translations panel asks of the rest of the player. */
export interface TranslationsHooks {
  seek(time: number): void
  /** The literal table was drawn again: bring everything that follows time up to date. */
  refresh(): void
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

  /** The language the host asked for when the list has it, else the list's first. */
  const preferred = (list: PlayerTranslation[] | null): string | null => {
    const wanted = ctx.options().language?.toLowerCase()
    const found = list?.find((t) => t.translated_language.toLowerCase() === wanted)
    return (found ?? list?.[0])?.translated_language ?? null
  }

  const currentTranslation = (): PlayerTranslation | null =>
    store.get().translations?.find((t) => t.translated_language === language) ?? null

  function render(): void {
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
    if (!tab || !tabs.includes(tab)) tab = tabs[0] ?? null
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
      const flag = languageFlag(code)
      const button = h(
        'button',
        {
          type: 'button',
          className: 'pr-language',
          'aria-pressed': String(code === language),
          title: names?.of(code) ?? code,
        },
        flag ? h('span', { className: 'pr-flag', 'aria-hidden': 'true' }, flag) : null,
        code.toUpperCase(),
        // the visible code starts the accessible name, the language's name completes it
        names ? h('span', { className: 'pr-visually-hidden' }, ` (${names.of(code) ?? code})`) : null,
      )
      button.addEventListener('click', () => {
        language = code
        tab = null
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
  }
}
