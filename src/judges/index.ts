/**
 * The judge formats of competitive-programming problems about N queens: one file per problem,
 * each a pure `solveXxx(input)` that answers the problem's input with its output, byte for byte,
 * as a {@link JudgeResult}. {@link JUDGES} lists them with their names, sites and formats.
 */
import { notAChoice } from "../errors.js";
import { solveAoj } from "./aoj.js";
import { checkBoj9175, solveBoj9175 } from "./boj9175.js";
import type { JudgeResult } from "./common.js";
import { solveKattis } from "./kattis.js";
import {
  MAX_LEETCODE51_N,
  MAX_LEETCODE52_N,
  solveLeetcode51,
  solveLeetcode52,
} from "./leetcode.js";
import { checkPoj3239, solvePoj3239 } from "./poj3239.js";

export { type AojParseResult, parseAojInput, solveAoj } from "./aoj.js";
export { checkBoj9175, solveBoj9175 } from "./boj9175.js";
/** A judge's answer: the output, a "no" with its reason, or why the input is malformed. */
export type { JudgeResult } from "./common.js";
export { solveKattis } from "./kattis.js";
export { solveLeetcode51, solveLeetcode52 } from "./leetcode.js";
export { checkPoj3239, solvePoj3239 } from "./poj3239.js";

/** The judges' names, as `nqueens judge <problem>` takes them. */
export const JUDGE_NAMES = [
  "aoj",
  "leetcode51",
  "leetcode52",
  "kattis",
  "poj3239",
  "boj9175",
] as const;

/** One judge's name. */
export type JudgeName = (typeof JUDGE_NAMES)[number];

/** A judge: its problem, where it is, its formats in one line each, and its solver. */
export interface Judge {
  /** The name `nqueens judge` takes: `leetcode51`. */
  readonly name: JudgeName;
  /** The problem as its site names it: `LeetCode 51 "N-Queens"`. */
  readonly problem: string;
  /** The problem's page. */
  readonly url: string;
  /** The input, in one line. */
  readonly input: string;
  /** The output, in one line. */
  readonly output: string;
  /** Answers one input. */
  readonly solve: (input: string) => JudgeResult;
  /**
   * For a problem that accepts any solution (a special judge): checks a contestant's output for
   * an input, `accepted` or a wrong answer ("no") and why.
   */
  readonly check?: (input: string, output: string) => JudgeResult;
}

/** Every judge, in the order `nqueens judge --help` lists them. */
export const JUDGES: readonly Judge[] = [
  {
    name: "aoj",
    problem: 'AOJ ALDS1_13_A "8 Queens Problem"',
    url: "https://onlinejudge.u-aizu.ac.jp/problems/ALDS1_13_A",
    input: 'k, then k lines "r c" (0-based): queens on the 8x8 board',
    output: "the completed board, 8 lines of Q and .",
    solve: solveAoj,
  },
  {
    name: "leetcode51",
    problem: 'LeetCode 51 "N-Queens"',
    url: "https://leetcode.com/problems/n-queens/",
    input: `n, as "4" or "n = 4", 1 to ${MAX_LEETCODE51_N} (LeetCode: 1 to 9)`,
    output: 'all boards as JSON: [[".Q..","...Q","Q...","..Q."],...]',
    solve: solveLeetcode51,
  },
  {
    name: "leetcode52",
    problem: 'LeetCode 52 "N-Queens II"',
    url: "https://leetcode.com/problems/n-queens-ii/",
    input: `n, as "4" or "n = 4", 1 to ${MAX_LEETCODE52_N} (LeetCode: 1 to 9)`,
    output: "the number of solutions",
    solve: solveLeetcode52,
  },
  {
    name: "kattis",
    problem: 'Kattis 8queens "Eight Queens"',
    url: "https://open.kattis.com/problems/8queens",
    input: "8 lines of 8 squares: * a queen, . an empty square",
    output: "valid or invalid",
    solve: solveKattis,
  },
  {
    name: "poj3239",
    problem: 'POJ 3239 "Solution to the n Queens Puzzle"',
    url: "http://poj.org/problem?id=3239",
    input: "one n (8 to 300) per line, then 0",
    output: "per n a line: the row (1-based) of each column's queen",
    solve: solvePoj3239,
    check: checkPoj3239,
  },
  {
    name: "boj9175",
    problem: 'BOJ 9175 "Who needs 8 Queens when you can have N?"',
    url: "https://www.acmicpc.net/problem/9175",
    input: "the number of cases, then one N (4 to 300) per line",
    output: "per N: N, then the column (0-based) of each row's queen",
    solve: solveBoj9175,
    check: checkBoj9175,
  },
];

/**
 * The judge of a name.
 * @throws NQueensError for a name that is none of {@link JUDGE_NAMES}
 * @example judge("kattis").problem // 'Kattis 8queens "Eight Queens"'
 */
export function judge(name: JudgeName): Judge {
  const found = JUDGES.find((j) => j.name === name);
  if (!found) {
    throw notAChoice("judge", name, JUDGE_NAMES);
  }
  return found;
}
