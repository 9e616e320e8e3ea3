/**
 * What Watch shows at one step, as values: the board (queens, marks, attack lines), the
 * narration, the code's lines, variables and stack, the end's summary. Pure functions of the
 * trace and the position (state.ts), in the page's current language; they draw nothing, so
 * model.test.ts checks them as tables without a browser.
 */

import type { Queen } from "../../board.js";
import { type Attack, attackers, bruteForceCombinations } from "../../teach/index.js";
import { num, type SearchSummary, t, timesText } from "../i18n/index.js";
import {
  byColOf,
  byRowOf,
  colOf,
  flagOf,
  K_CUT,
  K_END,
  K_ENTER,
  K_PLACE,
  K_REJECT,
  K_REMOVE,
  K_RETURN,
  K_SOLUTION,
  kindOf,
  REASONS,
  reasonOf,
  rowOf,
} from "../steps.js";
import { bitsText, type CodeModel, masksFor } from "../ui/code-view.js";
import type { StepPicture } from "./picture.js";
import { DONE, REJECTED } from "./replay.js";
import { length, replayAt, type Trace } from "./state.js";

/** What the model needs: a trace and the step shown (a WatchState is one). */
export interface Shown {
  readonly trace: Trace;
  readonly pos: number;
}

/** The glyph of each reason a square was rejected for. */
export const GLYPH: Record<string, string> = {
  column: "│",
  diagonal: "╲",
  "anti-diagonal": "╱",
};

/** The code lines of each kind of step, per algorithm (see code-view.ts LISTINGS). */
const LINES: Record<"backtrack" | "bitmask", Record<number, readonly number[]>> = {
  backtrack: {
    [K_REJECT]: [5, 6],
    [K_PLACE]: [7, 8],
    [K_SOLUTION]: [2, 3],
    [K_REMOVE]: [9],
    [K_RETURN]: [10],
  },
  bitmask: {
    [K_ENTER]: [4],
    [K_PLACE]: [6, 7, 8, 9],
    [K_SOLUTION]: [2, 3],
    [K_REMOVE]: [5],
    [K_RETURN]: [10],
  },
};

/** A board model and the screen-reader notes of its squares. */
export type BoardModel = StepPicture & {
  readonly notes: Map<number, string>;
  readonly done: Set<number>;
};

/** The row the last step happened in (-1 at a solution or the end); before any step the first free row. */
export function currentRow({ trace, pos }: Shown): number {
  const replay = replayAt(trace, pos);
  const code = replay?.last;
  if (code === undefined) {
    for (let r = 0; r < trace.n; r++) if (replay?.cur.cols[r] === -1) return r;
    return -1;
  }
  const kind = kindOf(code);
  return kind === K_SOLUTION || kind === K_END || kind === K_CUT ? -1 : rowOf(code);
}

/** The board at the step, for the page and for pictures. */
export function boardModel(shown: Shown): BoardModel {
  const { trace, pos } = shown;
  const n = trace.n;
  const m = t().watch;
  const notes = new Map<number, string>();
  const done = new Set<number>();
  const title = t().slides.picture(m.algoName[trace.algo], n, pos, Math.max(0, length(trace)));
  const replay = replayAt(trace, pos);
  if (trace.brute || !replay) {
    const step = trace.brute?.at(pos);
    const clash = step?.clash;
    const clashes = (q: Queen) =>
      !!clash &&
      ((q.row === clash.a.row && q.col === clash.a.col) ||
        (q.row === clash.b.row && q.col === clash.b.col));
    return {
      n,
      queens: (step?.queens ?? []).map((q) => ({
        ...q,
        tone: clashes(q) ? ("clash" as const) : ("trace" as const),
      })),
      marks: [],
      row: -1,
      lines: clash ? [{ from: clash.a, to: clash.b }] : [],
      solved: !!step && step.queens.length > 0 && !clash,
      title,
      narration: narrate(shown),
      notes,
      done,
    };
  }
  const s = replay.cur;
  const code = replay.last;
  const kind = code === undefined ? -1 : kindOf(code);
  const row = currentRow(shown);
  const fixedRows = replay.fixedRows;
  const lines: { from: Queen; to: Queen }[] = [];
  const attackerAt = new Set<number>();
  if (kind === K_REJECT) {
    const by = { row: byRowOf(code!), col: byColOf(code!) };
    lines.push({ from: by, to: { row: rowOf(code!), col: colOf(code!) } });
    attackerAt.add(by.row * n + by.col);
  }
  const deadEnd = kind === K_RETURN && flagOf(code!);
  if (deadEnd) {
    for (const a of attackers(s.cols, row)) {
      lines.push({ from: a.by, to: { row, col: a.col } });
      attackerAt.add(a.by.row * n + a.by.col);
    }
  }
  const queens: StepPicture["queens"][number][] = [];
  for (let r = 0; r < n; r++) {
    const c = s.cols[r]!;
    if (c < 0) continue;
    const tone = attackerAt.has(r * n + c) ? "attacker" : fixedRows.has(r) ? "fixed" : "trace";
    queens.push({ row: r, col: c, tone });
  }
  const marks: { row: number; col: number; glyph: string }[] = [];
  if (row >= 0 && trace.algo === "backtrack") {
    for (let c = 0; c < n; c++) {
      const i = row * n + c;
      if (s.cols[row] === c) continue;
      if (s.status[i] === REJECTED) {
        const why = REASONS[s.reason[i]!]!;
        marks.push({ row, col: c, glyph: GLYPH[why]! });
        notes.set(i, m.noteRejected(why, s.byRow[i]!));
      } else if (s.status[i] === DONE) {
        notes.set(i, m.noteDone);
        done.add(i);
      }
    }
  } else if (row >= 0 && trace.algo === "bitmask") {
    // The attacked squares of the row, by the first mask that covers each.
    const k = masksFor(s.cols, row, n);
    for (let c = 0; c < n; c++) {
      const bit = 1 << c;
      const glyph = k.used & bit ? "│" : k.diag & bit ? "╲" : k.anti & bit ? "╱" : "";
      if (glyph && s.cols[row] !== c) marks.push({ row, col: c, glyph });
    }
  }
  const trying =
    kind === K_REJECT || kind === K_PLACE || kind === K_REMOVE
      ? { row: rowOf(code!), col: colOf(code!) }
      : undefined;
  return {
    n,
    queens,
    marks,
    trying,
    row,
    lines,
    solved: kind === K_SOLUTION,
    title,
    narration: narrate(shown),
    notes,
    done,
  };
}

/** What the step did, in words. */
export function narrate(shown: Shown): string {
  const { trace, pos } = shown;
  const n = trace.n;
  const m = t().watch;
  if (trace.algo === "brute") {
    if (!trace.brute) {
      return m.bruteTooBig(n, num(bruteForceCombinations(Math.max(1, Math.min(n, 30)))));
    }
    const count = trace.brute.count;
    if (pos === 0) return m.narrBruteStart(count);
    if (pos > count) {
      const nodes = trace.brute.backtrackNodes;
      const fewer = timesText(BigInt(count), nodes);
      return m.narrBruteEnd(count, trace.solutionSteps.length, nodes, fewer);
    }
    const step = trace.brute.at(pos);
    return step.clash
      ? m.narrBruteClash(pos, count, step.clash.a, step.clash.b, step.clash.kind)
      : m.narrBruteSolution(pos, count, step.solutions);
  }
  const replay = replayAt(trace, pos)!;
  const s = replay.cur;
  const code = replay.last;
  const row = currentRow(shown);
  if (code === undefined) {
    if (trace.steps.length === 0 && !trace.done) return m.narrTracing;
    if (row < 0) return m.narrFull;
    return m.narrStart(trace.fixed.length > 0, row);
  }
  const r = rowOf(code);
  const c = colOf(code);
  const free = n - trace.fixed.length;
  const frames = replay.frames();
  const back = frames.length >= 2 ? frames[frames.length - 2]! : -1;
  const bit = trace.algo === "bitmask";
  switch (kindOf(code)) {
    case K_REJECT:
      return m.narrReject(r, c, reasonOf(code), { row: byRowOf(code), col: byColOf(code) });
    case K_ENTER: {
      const k = masksFor(s.cols, r, n);
      return m.narrEnter(r, columns(k.free, n));
    }
    case K_PLACE:
      return bit ? m.narrBitPlace(r, c, s.depth < free) : m.narrPlace(r, c, s.depth < free);
    case K_REMOVE:
      return bit
        ? m.narrBitBack(r, c, columns(remaining(masksFor(s.cols, r, n).free, c), n))
        : m.narrRemove2(r, c, c === n - 1);
    case K_SOLUTION:
      return m.narrSolution(s.solutions);
    case K_RETURN:
      if (flagOf(code)) {
        return bit ? m.narrBitDead(r, back) : m.narrDeadEnd(r, attacksOf(shown, r), back);
      }
      return bit ? m.narrBitDone(r, back) : m.narrRowDone(r, back);
    case K_END:
      return m.narrEnd(summary(shown));
    case K_CUT:
      return m.narrCut(trace.steps.length - 1);
  }
  return "";
}

/** The squares of a dead-end row with their attackers, as the trace rejected them. */
function attacksOf({ trace, pos }: Shown, row: number): Attack[] {
  const s = replayAt(trace, pos)!.cur;
  const out: Attack[] = [];
  for (let c = 0; c < trace.n; c++) {
    const i = row * trace.n + c;
    out.push({
      col: c,
      reason: REASONS[s.reason[i]!]!,
      by: { row: s.byRow[i]!, col: s.byCol[i]! },
    });
  }
  return out;
}

/** The totals said at the end of the trace. */
function summary({ trace, pos }: Shown): SearchSummary {
  const s = replayAt(trace, pos)!.cur;
  return {
    size: trace.n,
    solutions: s.solutions,
    nodes: s.nodes,
    backtracks: s.backtracks,
    ms: trace.result?.ms ?? 0,
    timed: trace.result?.timed ?? null,
    fixed: trace.fixed.length > 0,
  };
}

/** The code at the step: its lines, the current call's variables and the stack. */
export function codeModel(shown: Shown): CodeModel {
  const { trace, pos } = shown;
  if (trace.algo === "brute") return bruteCode(shown);
  const n = trace.n;
  const replay = replayAt(trace, pos)!;
  const s = replay.cur;
  const code = replay.last;
  const kind = code === undefined ? -1 : kindOf(code);
  const algo = trace.algo === "bitmask" ? "bitmask" : "backtrack";
  const lines = code === undefined ? [1] : (LINES[algo][kind] ?? []);
  const frames = replay.frames();
  const topRow = frames[frames.length - 1];
  const colsText = `[${Array.from(s.cols, (c) => (c < 0 ? "·" : String(c + 1))).join(", ")}]`;
  const rowText = (r: number) => (r >= n ? `${n + 1}` : String(r + 1));
  if (algo === "backtrack") {
    const topCol =
      kind === K_REJECT || kind === K_PLACE || kind === K_REMOVE ? colOf(code!) + 1 : undefined;
    const vars =
      topRow === undefined
        ? [{ name: "cols", value: colsText }]
        : [
            { name: "row", value: rowText(topRow) },
            ...(topRow < n
              ? [{ name: "col", value: topCol !== undefined ? String(topCol) : "–" }]
              : []),
            { name: "cols", value: colsText },
          ];
    return {
      algo,
      lines,
      vars,
      stack: frames.map((r, i) => {
        const top = i === frames.length - 1;
        const col = top ? topCol : s.cols[r]! + 1;
        return {
          call: `solve(row = ${rowText(r)})`,
          vars: r >= n ? "row > n" : col !== undefined ? `col = ${col}` : "",
        };
      }),
    };
  }
  // Bitmask: the masks of the current call, and each frame's safe columns left.
  const freeLeft = (r: number, col: number | undefined) => {
    const k = masksFor(s.cols, r, n);
    return col === undefined ? k.free : remaining(k.free, col);
  };
  let masks: CodeModel["masks"];
  const vars: { name: string; value: string }[] = [];
  if (topRow !== undefined && topRow < n) {
    const k = masksFor(s.cols, topRow, n);
    const c = kind === K_PLACE || kind === K_REMOVE ? colOf(code!) : undefined;
    const free = kind === K_RETURN ? 0 : freeLeft(topRow, c);
    const bitV = c !== undefined ? 1 << c : 0;
    masks = [
      { name: "cols", bits: k.used },
      { name: "diag", bits: k.diag },
      { name: "anti", bits: k.anti },
      { name: "free", bits: free, tone: "tone-free" },
      { name: "bit", bits: bitV, tone: "tone-bit" },
    ];
    vars.push(
      { name: "row", value: rowText(topRow) },
      { name: "free", value: bitsText(free, n) },
      { name: "bit", value: bitsText(bitV, n) },
    );
  } else if (topRow !== undefined) vars.push({ name: "row", value: rowText(topRow) });
  return {
    algo,
    lines,
    vars,
    masks,
    stack: frames.map((r, i) => {
      if (r >= n) return { call: `solve(row = ${n + 1}, …)`, vars: "row > n" };
      const top = i === frames.length - 1;
      const c = top
        ? kind === K_PLACE || kind === K_REMOVE
          ? colOf(code!)
          : undefined
        : s.cols[r]!;
      const free = top && kind === K_RETURN ? 0 : freeLeft(r, c);
      return {
        call: `solve(row = ${r + 1}, …)`,
        vars: `free = ${bitsText(free, n)}${c !== undefined ? `, bit = {${c + 1}}` : ""}`,
      };
    }),
  };
}

/** Brute force's code: the placement tested, and the pair that attacks if any. */
function bruteCode({ trace, pos }: Shown): CodeModel {
  const step = trace.brute?.at(pos);
  const count = trace.brute?.count ?? 0;
  const inRange = !!step && pos > 0 && pos <= count;
  const sq = (q: { row: number; col: number }) => `(${q.row + 1}, ${q.col + 1})`;
  return {
    algo: "brute",
    lines: !inRange ? (pos === 0 ? [1] : []) : step.clash ? [2, 3] : [4],
    vars: inRange
      ? [
          { name: "#", value: `${num(pos)} / ${num(count)}` },
          { name: "s", value: step.queens.map(sq).join(" ") },
          ...(step.clash
            ? [{ name: "a, b", value: `${sq(step.clash.a)} ${sq(step.clash.b)}` }]
            : []),
        ]
      : [],
    stack: [],
    stackNote: t().code.noStack,
  };
}

/** The columns of the set bits, counted from 1 as the page says them. */
function columns(bits: number, n: number): number[] {
  const out: number[] = [];
  for (let c = 0; c < n; c++) if (bits & (1 << c)) out.push(c + 1);
  return out;
}

/** The bits of `free` above column `col` (those the loop has not taken yet). */
function remaining(free: number, col: number): number {
  return free & ~((2 << col) - 1);
}
