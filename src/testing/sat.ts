/**
 * Test support: the SAT route, an answer to completion questions computed independently of the
 * library's searches. A board becomes a formula on one variable per open square (free row x free
 * column, not attacked by a fixed queen, not blocked, not on an excluded diagonal): exactly one
 * per free row and per free column, at most one per diagonal; logic-solver (MiniSat compiled to
 * JavaScript) solves it. Only the free rows and columns get variables, so a board of 4,000 rows
 * with 16 queens missing is a small formula. Nothing here comes from src/completion/.
 */
import Logic from "logic-solver";
import type { PartialBoard } from "../board.js";

/** The formula of a board, or undefined when some free row or column has no open square. */
function encode(board: PartialBoard): { solver: InstanceType<typeof Logic.Solver> } | undefined {
  const { n, queens } = board;
  const rowUsed = new Set(queens.map((q) => q.row));
  const colUsed = new Set(queens.map((q) => q.col));
  const sumUsed = new Set(queens.map((q) => q.row + q.col));
  const diffUsed = new Set(queens.map((q) => q.row - q.col));
  const blocked = new Set((board.blocked ?? []).map((s) => `${s.row},${s.col}`));
  const sums = new Set(board.excluded?.sums ?? []);
  const diffs = new Set(board.excluded?.differences ?? []);
  const freeRows = [...Array(n).keys()].filter((r) => !rowUsed.has(r));
  const freeCols = [...Array(n).keys()].filter((c) => !colUsed.has(c));
  const lines = new Map<string, string[]>();
  const add = (key: string, v: string) => {
    const list = lines.get(key);
    if (list) list.push(v);
    else lines.set(key, [v]);
  };
  for (const r of freeRows) {
    for (const c of freeCols) {
      if (sumUsed.has(r + c) || diffUsed.has(r - c) || blocked.has(`${r},${c}`)) continue;
      if (sums.has(r + c) || diffs.has(r - c + n - 1)) continue;
      const v = `${r},${c}`;
      add(`row ${r}`, v);
      add(`col ${c}`, v);
      add(`sum ${r + c}`, v);
      add(`diff ${r - c}`, v);
    }
  }
  const solver = new Logic.Solver();
  for (const r of freeRows) {
    const list = lines.get(`row ${r}`);
    if (!list) return undefined;
    solver.require(Logic.exactlyOne(...list));
  }
  for (const c of freeCols) {
    const list = lines.get(`col ${c}`);
    if (!list) return undefined;
    solver.require(Logic.exactlyOne(...list));
  }
  for (const [key, list] of lines) {
    if ((key.startsWith("sum") || key.startsWith("diff")) && list.length > 1) {
      solver.require(Logic.atMostOne(...list));
    }
  }
  return { solver };
}

function colsOf(board: PartialBoard, trueVars: readonly string[]): number[] {
  const cols = new Array<number>(board.n).fill(-1);
  for (const q of board.queens) cols[q.row] = q.col;
  for (const v of trueVars) {
    const [r, c] = v.split(",").map(Number);
    cols[r!] = c!;
  }
  return cols;
}

/** A completion found by the SAT solver, or undefined when the formula is unsatisfiable. */
export function satComplete(board: PartialBoard): number[] | undefined {
  if (board.queens.length === board.n) return colsOf(board, []);
  const f = encode(board);
  const solution = f?.solver.solve();
  return solution ? colsOf(board, solution.getTrueVars()) : undefined;
}

/**
 * Every completion, by the SAT solver (each found one forbidden in turn), at most `limit` of
 * them: the count when it is below the limit.
 */
export function satCompletions(board: PartialBoard, limit = 1000): number[][] {
  if (board.queens.length === board.n) return [colsOf(board, [])];
  const f = encode(board);
  if (!f) return [];
  const out: number[][] = [];
  while (out.length < limit) {
    const solution = f.solver.solve();
    if (!solution) break;
    out.push(colsOf(board, solution.getTrueVars()));
    f.solver.forbid(solution.getFormula());
  }
  return out;
}
