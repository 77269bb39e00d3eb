/** A one-line progress bar on stderr (only when it is a terminal, so logs and CI stay clean). */
export class ProgressBar {
  readonly #label: string
  readonly #total: number
  readonly #tty = Boolean(process.stderr.isTTY)
  readonly #started = Date.now()
  #done = 0
  #lastDraw = 0

  constructor(label: string, total: number) {
    this.#label = label
    this.#total = Math.max(0, total)
  }

  /** Advances by `n` and redraws at most ten times a second. */
  tick(n = 1): void {
    this.#done = Math.min(this.#total, this.#done + n)
    const now = Date.now()
    if (this.#tty && (now - this.#lastDraw > 100 || this.#done === this.#total)) {
      this.#lastDraw = now
      this.#draw()
    }
  }

  /** Clears the bar's line. */
  finish(): void {
    if (this.#tty) process.stderr.write('\r\x1b[2K')
  }

  #draw(): void {
    const width = 30
    const ratio = this.#total === 0 ? 1 : this.#done / this.#total
    const filled = Math.round(ratio * width)
    const elapsed = (Date.now() - this.#started) / 1000
    const eta = ratio > 0 ? Math.max(0, elapsed / ratio - elapsed) : 0
    process.stderr.write(
      `\r${this.#label} [${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${this.#done}/${this.#total} ` +
        `${Math.round(ratio * 100)}% eta ${eta.toFixed(0)}s\x1b[K`,
    )
  }
}
