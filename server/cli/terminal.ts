// What the CLI shows a person on stderr: colour only on a terminal and never with NO_COLOR (no-color.org) or
// TERM=dumb, and a one-line progress bar for long work (references done of total, waits for the registry's
// rate limit, time left), redrawn in place on a terminal and never written to a pipe or a file.

export interface Screen {
  write(text: string): unknown;
  isTTY?: boolean;
  columns?: number;
}

/** Colour is for terminals: not on a pipe, not with NO_COLOR set to anything, not on TERM=dumb. */
export function colourOn(stream: Screen, env: NodeJS.ProcessEnv = process.env): boolean {
  return stream.isTTY === true && !env.NO_COLOR && env.TERM !== 'dumb';
}

export type Tone = 'bold' | 'dim' | 'green' | 'yellow' | 'red';
const SGR: Record<Tone, [number, number]> = { bold: [1, 22], dim: [2, 22], green: [32, 39], yellow: [33, 39], red: [31, 39] };

/** Paints text in a tone when colour is on; the text unchanged otherwise. */
export function painter(on: boolean): (tone: Tone, text: string) => string {
  return (tone, text) => (on ? `\x1b[${SGR[tone][0]}m${text}\x1b[${SGR[tone][1]}m` : text);
}

function formatDuration(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  if (s < 60) return `${s} s`;
  const m = Math.floor(s / 60);
  return m < 60 ? `${m} min ${String(s % 60).padStart(2, '0')} s` : `${Math.floor(m / 60)} h ${String(m % 60).padStart(2, '0')} min`;
}

export interface ProgressState {
  done: number;
  total: number;
  /** Requests now waiting for a registry slot (the rate limit), not for an answer. */
  waiting: number;
  /** Estimated time left, or null before any measured progress. */
  leftMs: number | null;
}

/** The bar's text, fitted to `width` columns: "resolving [#####-----] 23/59 · waiting for the rate limit · ~12 s left". */
function progressLine(label: string, s: ProgressState, width = 80): string {
  const count = `${s.done}/${s.total}`;
  const notes = [s.waiting > 0 ? 'waiting for the registry\'s rate limit' : '', s.leftMs !== null && s.done < s.total ? `about ${formatDuration(s.leftMs)} left` : '']
    .filter(Boolean)
    .join(' · ');
  const tail = ` ${count}${notes ? ` · ${notes}` : ''}`;
  const barWidth = Math.max(0, Math.min(30, width - label.length - tail.length - 4));
  const filled = s.total > 0 ? Math.round((barWidth * s.done) / s.total) : 0;
  const bar = barWidth >= 5 ? ` [${'#'.repeat(filled)}${'-'.repeat(barWidth - filled)}]` : '';
  return `${label}${bar}${tail}`.slice(0, Math.max(10, width - 1));
}

/**
 * A progress bar on a terminal: `update` redraws at most every `minRedrawMs`, `done` clears the line. Made with a
 * stream that is not a terminal (or quiet), every call does nothing: a pipe gets no bar.
 */
export class ProgressBar {
  private readonly active: boolean;
  private readonly started: number;
  private state: ProgressState = { done: 0, total: 0, waiting: 0, leftMs: null };
  private lastDraw = 0;
  private drawn = false;
  /** Time measured per reference that cost a registry call (cached ones are free and would skew the estimate). */
  private paid = { count: 0, firstAt: 0 };

  constructor(private readonly stream: Screen, private readonly label: string, options: { quiet?: boolean; now?: () => number; minRedrawMs?: number } = {}) {
    this.active = stream.isTTY === true && !options.quiet;
    this.now = options.now ?? Date.now;
    this.minRedrawMs = options.minRedrawMs ?? 100;
    this.started = this.now();
  }

  private readonly now: () => number;
  private readonly minRedrawMs: number;

  /** One more item done (cached: answered without waiting for the registry). */
  step(done: number, total: number, cached: boolean): void {
    if (!cached) {
      if (this.paid.count === 0) this.paid.firstAt = this.started;
      this.paid.count++;
    }
    const left = total - done;
    const perItem = this.paid.count > 0 ? (this.now() - this.paid.firstAt) / this.paid.count : null;
    this.state = { ...this.state, done, total, leftMs: perItem === null ? null : perItem * left };
    this.draw(done === total);
  }

  /** A request started (+1) or stopped (-1) waiting for a rate-limit slot. */
  waiting(delta: number): void {
    this.state = { ...this.state, waiting: Math.max(0, this.state.waiting + delta) };
    this.draw(false);
  }

  /** Clears the bar (call before printing anything else, and at the end). */
  done(): void {
    if (this.active && this.drawn) this.stream.write('\r\x1b[2K');
    this.drawn = false;
  }

  private draw(force: boolean): void {
    if (!this.active) return;
    const t = this.now();
    if (!force && t - this.lastDraw < this.minRedrawMs) return;
    this.lastDraw = t;
    this.drawn = true;
    this.stream.write(`\r\x1b[2K${progressLine(this.label, this.state, this.stream.columns ?? 80)}`);
  }
}
