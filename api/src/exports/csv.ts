/** CSV as RFC 4180 says: comma-separated, CRLF line ends, a field quoted when it holds a comma, quote or line break. */

/** The byte order mark the file starts with, so spreadsheet programs read it as UTF-8 (docs/decisions/091). */
export const UTF8_BOM = '\uFEFF'

/** One field, quoted (with its quotes doubled) when it has to be. */
export function csvField(value: string | number | null): string {
  const text = value === null ? '' : String(value)
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

/** One record with its CRLF line end. */
export function csvRecord(values: (string | number | null)[]): string {
  return `${values.map(csvField).join(',')}\r\n`
}
