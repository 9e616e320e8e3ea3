/**
 * What Play shows, as values: each square's mark (queen, gold queen, attacked, dead), the
 * conflicts, the status line, the puzzle's goal and verdict, the live hint's line, and why a
 * board has no completion. Pure functions of the state (state.ts) in the page's current
 * language; model.test.ts checks them as tables without a browser.
 */
import { attackKind, type Conflict, conflicts, isSolution, type Queen } from "../../board.js";
import { t } from "../i18n/index.js";
import { type PageState, puzzleKey, queensKey } from "../state.js";
import type { CellMark } from "../ui/board-view.js";
import { boardKey, ghostCols, givenKeys, type Hint, type PlayState } from "./state.js";

/** A conflict in the page's words (rows and columns from 1). */
export function conflictText(c: Conflict): string {
  return t().play.conflict(c.a, c.b, c.kind);
}

/** Whether some queen attacks the empty square (row, col). */
function isAttacked(queens: readonly Queen[], row: number, col: number): boolean {
  return queens.some((q) => attackKind(q, { row, col }) !== undefined);
}

/** Why a board without conflicts has no completion, in words a learner can check on the board. */
export function whyNoCompletion(n: number, queens: readonly Queen[]): string {
  const m = t().play;
  if (queens.length === 0) return m.whyEmpty(n);
  const usedRows = new Set(queens.map((q) => q.row));
  const usedCols = new Set(queens.map((q) => q.col));
  for (let r = 0; r < n; r++) {
    if (usedRows.has(r)) continue;
    let safe = false;
    for (let c = 0; c < n && !safe; c++) safe = !isAttacked(queens, r, c);
    if (!safe) return m.whyRow(r);
  }
  for (let c = 0; c < n; c++) {
    if (usedCols.has(c)) continue;
    let safe = false;
    for (let r = 0; r < n && !safe; r++) safe = !isAttacked(queens, r, c);
    if (!safe) return m.whyColumn(c);
  }
  return m.whyDeep;
}

/** The board as Play draws it. */
export interface BoardModel {
  readonly conflicts: readonly Conflict[];
  /** Each square's mark, row by row. */
  readonly marks: readonly CellMark[];
  /** Empty squares no queen attacks (gold queens' squares aside). */
  readonly safe: number;
  /** Every row holds a queen and none attacks another. */
  readonly solved: boolean;
  /** The queens' column per row (-1 where empty), and whether it is a whole solution. */
  readonly cols: readonly number[];
  readonly full: boolean;
  readonly status: { readonly text: string; readonly tone: "bad" | "good" | "" };
}

/** The live hint for the board shown, if it is on, wanted and in. */
function shownHint(ps: PlayState, page: PageState): Hint | undefined {
  if (!ps.hintsOn || hintPointless(page)) return undefined;
  return ps.hint?.key === boardKey(page) ? ps.hint : undefined;
}

/** A hint says nothing for a board with a conflict or a queen in every row. */
export function hintPointless(page: PageState): boolean {
  return page.queens.length >= page.n || conflicts(page).length > 0;
}

export function boardModel(ps: PlayState, page: PageState): BoardModel {
  const m = t().play;
  const { n, queens } = page;
  const found = conflicts({ n, queens });
  const inConflict = new Set<string>();
  for (const c of found) {
    inConflict.add(`${c.a.row}:${c.a.col}`);
    inConflict.add(`${c.b.row}:${c.b.col}`);
  }
  const at = new Set(queens.map((q) => `${q.row}:${q.col}`));
  const given = givenKeys(ps);
  const ghost = ghostCols(ps);
  const hint = shownHint(ps, page);
  let safe = 0;
  const marks: CellMark[] = [];
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      const k = `${r}:${c}`;
      if (at.has(k)) {
        marks.push({ queen: given.has(k) ? "given" : "placed", conflict: inConflict.has(k) });
      } else if (ghost && ghost[r] === c) marks.push({ queen: "ghost" });
      else {
        const attacked = isAttacked(queens, r, c);
        if (!attacked) safe++;
        marks.push({ attacked, dead: !attacked && !!hint?.dead.has(k) });
      }
    }
  }
  const solved = found.length === 0 && queens.length === n;
  // A board shown to have no completion (by the result box or the live hint) is not "so far so
  // good": the status says what the result says.
  const stuck = found.length === 0 && !solved && noCompletionShown(ps, page, hint);
  const cols = new Array<number>(n).fill(-1);
  for (const q of queens) cols[q.row] = q.col;
  const text =
    found.length > 0
      ? m.statusConflicts(found.length)
      : solved
        ? m.statusSolved(n)
        : stuck
          ? m.statusStuck(queens.length, n)
          : queens.length === 0
            ? m.statusEmpty
            : m.statusSoFar(n - queens.length);
  return {
    conflicts: found,
    marks,
    safe,
    solved,
    cols,
    full: solved && isSolution(cols),
    status: { text, tone: found.length > 0 || stuck ? "bad" : solved ? "good" : "" },
  };
}

/**
 * Whether the result box (a completion or a count that found none) or the live hint has shown
 * that the board shown has no completion.
 */
function noCompletionShown(ps: PlayState, page: PageState, hint: Hint | undefined): boolean {
  const r = ps.result;
  if (r?.kind === "none" && r.n === page.n && queensKey(r.queens) === queensKey(page.queens)) {
    return true;
  }
  return hint !== undefined && !hint.completable;
}

/** The live hint's line, and whether it is final (not waiting for the worker). */
export function hintStatus(ps: PlayState, page: PageState): { text: string; ready: boolean } {
  const m = t().play;
  const { n, queens } = page;
  const conflicted = conflicts(page).length > 0;
  const hint = shownHint(ps, page);
  const text = !ps.hintsOn
    ? ""
    : conflicted
      ? m.hintConflict
      : queens.length >= n
        ? m.hintFull
        : !hint
          ? m.hintWorking
          : !hint.completable
            ? m.hintStuck
            : m.hintResult(hint.dead.size, hint.safe);
  return { text, ready: !!hint || text === "" || conflicted || queens.length >= n };
}

/** The goal above the board, and the puzzle's note (its verdict once solved). */
interface PuzzleModel {
  readonly goal: string;
  readonly note: string;
  readonly good: boolean;
  /** The puzzle is solved with every given queen in place: its key, to say so once. */
  readonly solvedKey?: string;
}

export function puzzleModel(ps: PlayState, page: PageState, solved: boolean): PuzzleModel {
  const m = t().play;
  const ref = page.puzzle;
  if (!ref)
    return { goal: m.goal(page.n), note: page.n < 4 ? m.puzzleTooSmall(page.n) : "", good: false };
  const p = ps.puzzle;
  if (!p) return { goal: m.puzzleLoading, note: "", good: false };
  if (p.error) return { goal: m.goal(page.n), note: p.error, good: false };
  const goal = `${m.puzzleGoal(
    m.level[ref.level],
    ref.seed,
    p.given.length,
    page.n - p.given.length,
  )} ${p.solvedBy ? m.solvedBy[p.solvedBy] : ""}`.trim();
  const given = givenKeys(ps);
  const all = page.queens.filter((q) => given.has(`${q.row}:${q.col}`)).length === given.size;
  if (!(solved && all)) return { goal, note: "", good: false };
  return {
    goal,
    note: `✓ ${m.puzzleSolved}`,
    good: true,
    solvedKey: `${boardKey(page)}|${puzzleKey(ref)}`,
  };
}

/** The board to export: the queens, and the gold queens of a completion shown. */
export function exportBoard(ps: PlayState, page: PageState): { n: number; queens: Queen[] } {
  const ghost = ghostCols(ps);
  const queens = [...page.queens];
  if (ghost) {
    ghost.forEach((col, row) => {
      if (!queens.some((q) => q.row === row && q.col === col)) queens.push({ row, col });
    });
  }
  return { n: page.n, queens };
}
