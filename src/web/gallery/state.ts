/**
 * The Gallery's state: what the view keeps beyond the address (the listings made, the orbit
 * sizes hidden, the listing's job) and the count in workers for the larger N (its parts, what its
 * line says, its result, what it said when leaving the view stopped it). index.ts changes it
 * through the functions below; render.ts only reads it; model.ts turns it into values and words.
 * Nothing here touches the page.
 */
import type { GpuCounter } from "../gpu-count.js";
import type { Running } from "../jobs.js";
import type { PageState } from "../state.js";
import type { CountLine, CountProgress, Listing } from "./model.js";

/** The count in workers of one N (each worker counts one share of the engine's split). */
export interface WorkerCount {
  readonly n: number;
  readonly workers: number;
  /** The count is running (the cancel button shows, the start button is disabled). */
  running: boolean;
  /** When it started (ms, the page's clock). */
  t0: number;
  /** Each worker's sub-problems done and solutions found, and the sub-problems of all. */
  done: number[];
  found: bigint[];
  parts: number;
  /** The progress bar: sub-problems done of all (as the last progress said, until the next). */
  bar: { max: number; value: number };
  /** How far it came, as the last progress said (what a cancel or leaving the view says). */
  progress: CountProgress | undefined;
  line: CountLine;
  /** When the line last said the progress (it is a live region: a few times a second at most). */
  lineAt: number;
  /** The count, once every worker has finished. */
  result: { readonly total: bigint; readonly unique: bigint } | undefined;
  /** The jobs running. */
  pool: Running<unknown>[];
}

export interface GalleryState {
  /** The page state shown last. */
  page: PageState | undefined;
  /** What was drawn last (N, page, symmetry view): the same key is not drawn again. */
  shownKey: string;
  /** Every listing made, by N (kept while the page lives). */
  readonly listings: Map<number, Listing>;
  /** The job making a listing. */
  job: Running<unknown> | undefined;
  /** Orbit sizes hidden by the chips (local to the view). */
  readonly hidden: Set<number>;
  /** The count in workers of the N shown (N > MAX_GALLERY_N), once its counter is drawn. */
  count: WorkerCount | undefined;
  /**
   * Where the count in workers was when leaving the view stopped it, for the next time the
   * counter of that N is drawn (the view is drawn anew, and the count must not vanish unsaid).
   */
  stopped: CountProgress | undefined;
  /** The GPU count of the N shown (kept across pages of the listing). */
  gpu: GpuCounter | undefined;
}

export function initialState(): GalleryState {
  return {
    page: undefined,
    shownKey: "",
    listings: new Map(),
    job: undefined,
    hidden: new Set(),
    count: undefined,
    stopped: undefined,
    gpu: undefined,
  };
}

/** The key of what a page state shows in the Gallery. */
export function shownKeyOf(state: Pick<PageState, "n" | "page" | "sym">): string {
  return `${state.n}|${state.page}|${state.sym}`;
}

/** A chip shows or hides the classes of one orbit size (never all `sizes` of them). */
export function toggleOrbit(gs: GalleryState, size: number, sizes: number): void {
  if (gs.hidden.has(size)) gs.hidden.delete(size);
  else if (gs.hidden.size < sizes - 1) gs.hidden.add(size);
}

/**
 * Stops what serves the N shown: the listing's job, the GPU count and the count in workers (a
 * count stopped while running is remembered in {@link GalleryState.stopped}).
 */
export function stopJobs(gs: GalleryState): void {
  gs.job?.cancel();
  gs.job = undefined;
  const c = gs.count;
  if (c && c.pool.length > 0 && c.progress) gs.stopped = c.progress;
  if (c) {
    for (const j of c.pool) j.cancel();
    c.pool = [];
  }
  gs.gpu?.stop();
}

/** A counter of n drawn anew: it says where a count of n stopped when the view was left. */
export function newCount(gs: GalleryState, n: number, workers: number): WorkerCount {
  const stopped = gs.stopped?.n === n ? gs.stopped : undefined;
  gs.count = {
    n,
    workers,
    running: false,
    t0: 0,
    done: [],
    found: [],
    parts: 0,
    bar: { max: 1, value: 0 },
    progress: undefined,
    line: stopped ? { kind: "stopped", at: stopped } : { kind: "none" },
    lineAt: 0,
    result: undefined,
    pool: [],
  };
  return gs.count;
}

/** The count starts (at `now`) on its workers. */
export function countStarted(gs: GalleryState, c: WorkerCount, now: number): void {
  c.running = true;
  c.t0 = now;
  c.done = new Array<number>(c.workers).fill(0);
  c.found = new Array<bigint>(c.workers).fill(0n);
  c.parts = 0;
  c.progress = { n: c.n, done: 0, parts: 0, found: 0n };
  c.line = { kind: "none" };
  c.lineAt = 0;
  c.result = undefined;
  gs.stopped = undefined;
}

/**
 * A worker's progress (its part's sub-problems done, solutions found, and the split's size) at
 * `now`. The line says it when half a second has passed since it last did, or at the end.
 */
export function countProgressed(
  c: WorkerCount,
  part: number,
  p: { readonly done: number; readonly found: bigint; readonly total: number },
  now: number,
): void {
  c.done[part] = p.done;
  c.found[part] = p.found;
  c.parts = p.total;
  const done = c.done.reduce((a, b) => a + b, 0);
  const found = c.found.reduce((a, b) => a + b, 0n);
  c.progress = { n: c.n, done, parts: c.parts, found };
  c.bar = { max: c.parts, value: done };
  if (now - c.lineAt < 500 && done < c.parts) return;
  c.lineAt = now;
  c.line = { kind: "progress", at: c.progress, seconds: (now - c.t0) / 1000 };
}

/** Every worker has finished (at `now`) with its part's total and unique counts. */
export function countDone(
  c: WorkerCount,
  results: readonly { readonly total: bigint; readonly unique: bigint }[],
  now: number,
): void {
  c.pool = [];
  c.running = false;
  c.line = { kind: "done", seconds: (now - c.t0) / 1000 };
  c.result = {
    total: results.reduce((a, r) => a + r.total, 0n),
    unique: results.reduce((a, r) => a + r.unique, 0n),
  };
}

/** The reader cancelled the count: the line says where it stopped. */
export function countCancelled(c: WorkerCount): void {
  for (const j of c.pool) j.cancel();
  c.pool = [];
  c.running = false;
  c.line = { kind: "cancelled", at: c.progress };
}

/** A worker failed (not stopped): the count ends and says why. */
export function countFailed(
  c: WorkerCount,
  jobs: readonly Running<unknown>[],
  message: string,
): void {
  if (c.pool === jobs) c.pool = [];
  c.running = false;
  c.line = { kind: "failed", message };
}
