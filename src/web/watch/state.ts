/**
 * Watch's state: everything the mode shows, in one object, and the changes made to it.
 *
 * The position lives here and only here (`WatchState.pos`): the address's `step` is written from
 * it when the reader stops moving (index.ts saveStep), and a step read from the address is moved
 * into it (index.ts show). The replay of the steps (replay.ts) is a cache of (steps, position):
 * {@link replayAt} moves it to the position asked for before anything reads it, so it never has
 * a position of its own that could disagree.
 *
 * Input (input.ts) changes this state through index.ts; render.ts only reads it; model.ts turns
 * it into words and pictures. Nothing here touches the page, so it runs in unit tests as it is.
 */
import type { Queen } from "../../board.js";
import { MAX_BRUTE_LESSON_N, MAX_TREE_N } from "../../limits.js";
import type { Running } from "../jobs.js";
import type { Algo } from "../state.js";
import { K_SOLUTION, kindOf, StepList } from "../steps.js";
import { BruteSource, upperBound } from "./brute.js";
import { Replay } from "./replay.js";
import { buildTree, type TreeHit, type TreeNode, treeCursorAt, treeCursorMove } from "./tree.js";

/** One trace of the search: its steps as they stream in, and what is known about it. */
export interface Trace {
  readonly algo: Algo;
  readonly n: number;
  /** The queens the search starts from (backtracking only). */
  readonly fixed: readonly Queen[];
  readonly steps: StepList;
  /** Backtracking and bitmask: the replay of `steps`, moved by {@link replayAt}. */
  readonly replay: Replay | undefined;
  /** Brute force up to its largest N: any placement from its number (no worker, no steps). */
  readonly brute: BruteSource | undefined;
  /** The steps that are solutions, ascending. */
  readonly solutionSteps: number[];
  /** Every step is here (the trace ended or was cut). */
  done: boolean;
  cut: boolean;
  /** The worker's time for the trace, and the library's for the same search unrecorded. */
  result: { readonly ms: number; readonly timed: number | null } | undefined;
  /** Nodes per depth of the whole tree (small N only), for the depth bars. */
  profile: readonly number[] | null;
  /** The whole tree, for small N once the trace is complete. */
  tree: TreeNode[] | undefined;
  /** Why the trace could not be made (the worker's message), if it could not. */
  failed: string | undefined;
}

export interface WatchState {
  trace: Trace;
  /** What the trace was made for (algorithm, N, fixed queens): a new key is a new trace. */
  traceKey: string;
  /** The step shown (0 = before the first), from 0 to {@link length}. */
  pos: number;
  /** A step asked for (by a link) that has not streamed in yet; 0 for none. */
  pendingStep: number;
  /**
   * The step last written into the address, so that a page state carrying it is known as the
   * echo of Watch's own write rather than a step the reader asked for (Back, a link).
   */
  savedStep: number;
  playing: boolean;
  /** The speed slider, 0 to 100 (see {@link rate}). */
  speed: number;
  stopAtSolution: boolean;
  /** Whether the keyboard shortcuts are on (saved in prefs.ts). */
  shortcuts: boolean;
  /** Why "previous/next solution" went nowhere, until the next move. */
  navNote: string;
  /** The GIF's range follows the step shown until the reader types one. */
  gifTouched: boolean;
  exporting: boolean;
  exportNote: string;
  /** The worker jobs serving this trace: its steps, and the whole tree's profile. */
  jobs: { trace?: Running<unknown>; profile?: Running<unknown> };
  /** The steps shown, with their narration, oldest first (at most {@link HISTORY_SIZE}). */
  history: Visit[];
  /** The next visit's id (never reused, so that a view can tell a new visit from a kept one). */
  visits: number;
  /**
   * The keyboard's cursor in the tree: the step of the node it is on, kept across redraws (a
   * node no longer drawn gives way to the newest one reached: {@link treeCursorIndex}); undefined
   * until the reader moves it.
   */
  treeCursor: number | undefined;
}

/** The tree's nodes as render.ts last drew them, and the step they were drawn at. */
export interface DrawnTree {
  readonly hits: readonly TreeHit[];
  readonly pos: number;
}

/** One step the reader saw and what the narration said there. */
export interface Visit {
  readonly id: number;
  readonly step: number;
  readonly text: string;
}

/** The visits the history keeps: enough to read back through, few enough to draw each frame. */
export const HISTORY_SIZE = 200;

/** Watch before its first trace. */
export function initialState(shortcuts: boolean): WatchState {
  return {
    trace: newTrace("backtrack", 0, []),
    traceKey: "",
    pos: 0,
    pendingStep: 0,
    savedStep: -1,
    playing: false,
    speed: 40,
    stopAtSolution: true,
    shortcuts,
    navNote: "",
    gifTouched: false,
    exporting: false,
    exportNote: "",
    jobs: {},
    history: [],
    visits: 0,
    treeCursor: undefined,
  };
}

/** The key of a trace: a trace is made again only when this changes. */
export function traceKeyOf(algo: Algo, n: number, fixed: readonly Queen[]): string {
  return `${algo}|${n}|${fixed.map((q) => `${q.row}:${q.col}`).join(",")}`;
}

/** A trace with no steps yet (brute force has them all at once, up to its largest N). */
export function newTrace(algo: Algo, n: number, fixed: readonly Queen[]): Trace {
  const steps = new StepList();
  const base = {
    algo,
    n,
    fixed,
    steps,
    cut: false,
    result: undefined,
    profile: null,
    tree: undefined,
    failed: undefined,
  };
  if (algo === "brute") {
    const brute = n <= MAX_BRUTE_LESSON_N ? new BruteSource(n) : undefined;
    const solutionSteps = brute ? [...brute.solutionSteps] : [];
    return { ...base, replay: undefined, brute, solutionSteps, done: true };
  }
  const cols = new Int8Array(n).fill(-1);
  for (const q of fixed) cols[q.row] = q.col;
  const replay = new Replay(n, new Set(fixed.map((q) => q.row)), cols, steps);
  return { ...base, replay, brute: undefined, solutionSteps: [], done: false };
}

/**
 * Adds a batch of packed steps streamed from the worker, and replays it at once for the
 * snapshots (replay.ts), a batch's few milliseconds now rather than millions of steps in one
 * task when the reader jumps far ahead.
 */
export function addSteps(trace: Trace, codes: ArrayLike<number>): void {
  const base = trace.steps.length;
  trace.steps.push(codes);
  for (let i = 0; i < codes.length; i++) {
    if (kindOf(codes[i]!) === K_SOLUTION) trace.solutionSteps.push(base + i + 1);
  }
  trace.replay?.index();
}

/** The worker has sent every step (or cut the trace). */
export function finishTrace(
  trace: Trace,
  r: { readonly ms: number; readonly truncated: boolean; readonly timed: number | null },
): void {
  trace.done = true;
  trace.cut = r.truncated;
  trace.result = { ms: r.ms, timed: r.timed };
  if (trace.n <= MAX_TREE_N && !r.truncated) trace.tree = buildTree(trace.steps);
}

/** Steps there are so far. */
export function length(trace: Trace): number {
  return trace.brute ? trace.brute.length : trace.replay ? trace.steps.length : 0;
}

/** The replay at step `pos` (undefined for brute force). */
export function replayAt(trace: Trace, pos: number): Replay | undefined {
  trace.replay?.seek(pos);
  return trace.replay;
}

/** Whether step `pos` is a solution. */
export function isSolution(trace: Trace, pos: number): boolean {
  if (trace.replay) return pos > 0 && kindOf(trace.steps.at(pos - 1)) === K_SOLUTION;
  const i = upperBound(trace.solutionSteps, pos);
  return i > 0 && trace.solutionSteps[i - 1] === pos;
}

/** The next (d = 1) or previous (d = -1) solution's step from `pos`, or undefined. */
export function solutionFrom(trace: Trace, pos: number, d: 1 | -1): number | undefined {
  const list = trace.solutionSteps;
  const i = upperBound(list, pos);
  if (d > 0) return list[i];
  const j = list[i - 1] === pos ? i - 2 : i - 1;
  return j >= 0 ? list[j] : undefined;
}

/** Solutions found up to step `pos`. */
export function solutionsSoFar(trace: Trace, pos: number): number {
  const replay = replayAt(trace, pos);
  return replay ? replay.cur.solutions : upperBound(trace.solutionSteps, pos);
}

/** Moves to step `pos`, clamped to the steps there are; a move clears the navigation note. */
export function seek(ws: WatchState, pos: number): void {
  ws.pos = Math.max(0, Math.min(pos, length(ws.trace)));
  ws.navNote = "";
}

/**
 * Notes the step shown, with its narration `text`, in the history. A step shown again at once
 * (a redraw that did not move) is one visit, its words updated: the first step says "Tracing…"
 * until the first steps arrive.
 */
export function visit(ws: WatchState, text: string): void {
  const h = ws.history;
  const last = h.at(-1);
  if (last?.step === ws.pos) {
    if (last.text !== text) h[h.length - 1] = { ...last, text };
    return;
  }
  h.push({ id: ws.visits++, step: ws.pos, text });
  if (h.length > HISTORY_SIZE) h.splice(0, h.length - HISTORY_SIZE);
}

/** Events per second for a speed slider value: 1 to 5,000 on a log scale. */
export function rate(speed: number): number {
  return Math.round(10 ** ((speed / 100) * Math.log10(5000)));
}

/** Where the tree's cursor is among the nodes drawn (tree.ts treeCursorAt). */
export function treeCursorIndex(ws: WatchState, tree: DrawnTree): number {
  return treeCursorAt(tree.hits, ws.treeCursor, tree.pos);
}

/**
 * Moves the tree's cursor on an arrow, Home or End (tree.ts treeCursorMove): the node it is on
 * now, or undefined for any other key (or no node drawn), which leaves the cursor where it was.
 */
export function moveTreeCursor(ws: WatchState, tree: DrawnTree, key: string): TreeHit | undefined {
  const to = treeCursorMove(tree.hits.length, treeCursorIndex(ws, tree), key);
  if (to === undefined) return undefined;
  const hit = tree.hits[to]!;
  ws.treeCursor = hit.step;
  return hit;
}
