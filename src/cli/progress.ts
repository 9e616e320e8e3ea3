/**
 * The one progress bar of the command, for every long piece of work (count, complete --count and
 * --all); the stop signals that interrupt such work are stop-signals.ts's.
 *
 * The bar is drawn on stderr only when a person can see it: stderr is a terminal, `--json` is off,
 * `--no-progress` was not given and TERM is not `dumb`. Otherwise {@link startProgress} returns a
 * bar that draws nothing. The line fits the terminal's width (`stderr.columns`, 80 when unknown):
 * parts are dropped and the bar shortened until it does (see {@link progressLine}); every number
 * has thousands separators. While drawing, the cursor is hidden and line wrap is off; `stop()`, and
 * an exit hook as a last resort, show the cursor and turn line wrap on again.
 */
import { createRequire } from "node:module";
import { thousands as grouped } from "../words.js";

/** What a bar is for. */
export interface ProgressOptions {
  /** What `done` and `total` count, plural: `sub-problems`. */
  readonly label: string;
  /** What the running count counts, plural (`solutions`); the rate is then of that count. */
  readonly countLabel?: string;
  /** `--json`: never draw. */
  readonly json?: boolean;
  /**
   * False with `--no-progress`: never draw.
   * @default true
   */
  readonly progress?: boolean;
  /** @default process.stderr */
  readonly stream?: NodeJS.WriteStream;
  /** @default process.env */
  readonly env?: NodeJS.ProcessEnv;
}

/** A started bar (possibly one that draws nothing). */
export interface ProgressBar {
  /** Whether this bar draws at all. */
  readonly drawn: boolean;
  /** The work done so far: `done` of `total`, and the running count when there is one. */
  update(done: number, total: number, extra?: { readonly count?: bigint | number }): void;
  /** Clears the bar's line, shows the cursor and turns line wrap on again. Idempotent. */
  stop(): void;
}

/** Whether a bar would be drawn with these options. */
export function showsProgress(options: ProgressOptions): boolean {
  const stream = options.stream ?? process.stderr;
  const env = options.env ?? process.env;
  return (
    stream.isTTY === true &&
    options.json !== true &&
    options.progress !== false &&
    env.TERM !== "dumb"
  );
}

/** What the bar line shows; see {@link progressLine}. */
export interface ProgressState {
  readonly done: number;
  readonly total: number;
  readonly label: string;
  readonly count?: bigint;
  readonly countLabel?: string;
  /** Per second: of the count when there is one, else of `done`; undefined while unknown. */
  readonly rate?: number;
  /** Seconds left; undefined while unknown. */
  readonly eta?: number;
}

const SHOW_CURSOR = "\u001b[?25h";
const WRAP_ON = "\u001b[?7h";
/** The bar's longest and shortest lengths; below the shortest, parts of the text go first. */
const BAR_MAX = 40;
const BAR_MIN = 8;

/** A rate for the bar: one decimal below 10, whole numbers with separators above. */
function formatRate(rate: number): string {
  if (rate < 10) return rate.toFixed(1);
  return grouped(Math.round(rate));
}

/** A duration for the ETA: `42s`, `3m 05s`, `2h 03m`, `5d 02h`, `1,234d 02h`. */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  const two = (k: number) => String(k).padStart(2, "0");
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m ${two(s % 60)}s`;
  if (s < 86400) return `${Math.floor(s / 3600)}h ${two(Math.floor(s / 60) % 60)}m`;
  return `${grouped(Math.floor(s / 86400))}d ${two(Math.floor(s / 3600) % 24)}h`;
}

/**
 * The bar line for a terminal `width` columns wide: at most `width - 1` characters (the last
 * column is left free so that no terminal wraps). In full:
 * `[=====-----]  45.2% | 1,234/3,206 sub-problems | 14,772,512 solutions | 9,980,464/s | ETA 1m 05s`;
 * when that does not fit with a bar of at least 8 characters, the separators become two spaces,
 * then the label goes, then done/total, then the count, then the rate; the bar goes last, and
 * what is left is cut at the width.
 */
export function progressLine(state: ProgressState, width: number): string {
  const room = Math.max(1, Math.floor(width) - 1);
  const fraction = state.total > 0 ? Math.min(1, Math.max(0, state.done / state.total)) : 1;
  const pct = `${(Math.floor(fraction * 1000) / 10).toFixed(1)}%`.padStart(6);
  const progress = `${grouped(state.done)}/${grouped(state.total)}`;
  const count =
    state.count === undefined
      ? undefined
      : `${grouped(state.count)}${state.countLabel ? ` ${state.countLabel}` : ""}`;
  const rate = state.rate === undefined ? "-" : formatRate(state.rate);
  const eta = `ETA ${state.eta === undefined ? "--" : formatDuration(state.eta)}`;
  const variants: (string | undefined)[][] = [
    [pct, `${progress} ${state.label}`, count, `${rate}/s`, eta],
    [pct, progress, count, `${rate}/s`, eta],
    [pct, count, `${rate}/s`, eta],
    [pct, `${rate}/s`, eta],
    [pct, eta],
  ];
  let text = "";
  for (const parts of variants) {
    for (const separator of [" | ", "  "]) {
      text = parts.filter((p) => p !== undefined).join(separator);
      if (text.length + 1 + BAR_MIN + 2 <= room) {
        const size = Math.min(BAR_MAX, room - text.length - 1 - 2);
        const filled = Math.round(fraction * size);
        return `[${"=".repeat(filled)}${"-".repeat(size - filled)}] ${text}`;
      }
    }
  }
  return text.slice(0, room);
}

/** Bars drawing now, for the exit hook. */
const drawing = new Set<NodeJS.WriteStream>();
let exitHook = false;

/** Shows the cursor and turns wrap on if the process ends with a bar still drawn. */
function restoreAtExit(): void {
  for (const stream of drawing) {
    try {
      stream.write(`${SHOW_CURSOR}${WRAP_ON}`);
    } catch {}
  }
  drawing.clear();
}

/**
 * Seconds left at the rate of the work done since the first update, or undefined until that work
 * says enough: 1% of the total and 3 units at least (a count's first units carry its start-up,
 * tables and threads, and an estimate from them alone said hours for a count of seconds).
 * @example etaSeconds(40, 2, 3960, 4000) // 198
 */
export function etaSeconds(
  doneSince: number,
  seconds: number,
  left: number,
  total: number,
): number | undefined {
  if (seconds <= 0 || doneSince < Math.max(3, total / 100)) return undefined;
  return left / (doneSince / seconds);
}

/**
 * Starts a bar; draws nothing unless {@link showsProgress}. The first `update` draws it.
 * @example
 * const bar = startProgress({ label: "sub-problems", countLabel: "solutions", json, progress });
 * onProgress = (p) => bar.update(p.done, p.total, { count: p.solutions });
 * // ... finally: bar.stop();
 */
export function startProgress(options: ProgressOptions): ProgressBar {
  if (!showsProgress(options)) return { drawn: false, update() {}, stop() {} };
  const stream = options.stream ?? process.stderr;
  const quiet = () => {}; // a terminal that went away (SIGHUP): drawing is then moot
  let state: ProgressState = { done: 0, total: 0, label: options.label };
  /** The first update seen, for the rates (work resumed from a checkpoint does not count). */
  let first: { time: number; done: number; count: number } | undefined;
  let started = false;
  let stopped = false;

  // Loaded only when a bar is drawn (a terminal): the commands that draw none skip its modules.
  const cliProgress = createRequire(import.meta.url)(
    "cli-progress",
  ) as typeof import("cli-progress");
  const bar = new cliProgress.SingleBar({
    stream,
    format: (_options, params) => progressLine(withRates(), params.maxWidth),
    hideCursor: true,
    linewrap: false,
    clearOnComplete: true,
    gracefulExit: false, // the command handles the signals (stop-signals.ts's trapStopSignals)
    fps: 5,
  });

  const withRates = (): ProgressState => {
    if (first === undefined) return state;
    const seconds = (performance.now() - first.time) / 1000;
    if (seconds < 0.5) return state;
    const doneRate = (state.done - first.done) / seconds;
    const countNow = state.count === undefined ? undefined : Number(state.count);
    const rate = countNow === undefined ? doneRate : (countNow - first.count) / seconds;
    const eta = etaSeconds(state.done - first.done, seconds, state.total - state.done, state.total);
    return { ...state, rate, eta };
  };

  return {
    drawn: true,
    update(done, total, extra = {}) {
      if (stopped) return;
      const count = extra.count === undefined ? undefined : BigInt(extra.count);
      state = { done, total, label: options.label, count, countLabel: options.countLabel };
      first ??= { time: performance.now(), done, count: Number(count ?? 0n) };
      if (!started) {
        started = true;
        stream.on("error", quiet);
        drawing.add(stream);
        if (!exitHook) {
          exitHook = true;
          process.on("exit", restoreAtExit);
        }
        bar.start(total, done);
      } else {
        if (bar.getTotal() !== total) bar.setTotal(total);
        bar.update(done);
      }
    },
    stop() {
      if (stopped) return;
      stopped = true;
      if (!started) return;
      try {
        bar.stop(); // clears the line, shows the cursor, turns wrap on
      } catch {}
      drawing.delete(stream);
      stream.removeListener("error", quiet);
    },
  };
}
