/**
 * Test support for the judges: answers computed here by brute force, independently of the
 * library, to check the judges' outputs against (never the code under test).
 */
import assert from "node:assert/strict";
import type { JudgeResult } from "../judges/index.js";

/** Whether `perm` is a permutation of 0..n-1 (or of `base`..n-1+base) with no two entries on a diagonal. */
export function isQueensPermutation(perm: readonly number[], base = 0): boolean {
  const n = perm.length;
  const p = perm.map((v) => v - base);
  if (!p.every((v) => Number.isInteger(v) && v >= 0 && v < n)) return false;
  if (new Set(p).size !== n) return false;
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      if (Math.abs(p[i]! - p[j]!) === j - i) return false;
    }
  }
  return true;
}

/** Every solution for n as `cols` (0-based), in lexicographic order: a plain depth-first search. */
export function bruteForceSolutions(n: number): number[][] {
  const out: number[][] = [];
  const cols: number[] = [];
  const walk = () => {
    if (cols.length === n) {
      out.push([...cols]);
      return;
    }
    const row = cols.length;
    for (let c = 0; c < n; c++) {
      if (cols.every((d, r) => d !== c && Math.abs(d - c) !== row - r)) {
        cols.push(c);
        walk();
        cols.pop();
      }
    }
  };
  walk();
  return out;
}

/** The numbers of a text, split on white space. */
export function numbersOf(text: string): number[] {
  return text.split(/\s+/).filter(Boolean).map(Number);
}

/** A problem's sample, verbatim, and where it was read. */
export interface Sample {
  readonly input: string;
  readonly output: string;
  /** Whether the judge accepts other outputs (a special judge): then the sample is one answer. */
  readonly anyAnswer: boolean;
  readonly source: string;
}

/**
 * The problems' official samples, byte for byte as their pages show them (each file ending in a
 * newline). Read from the problem pages through a search index of stored pages:
 * - AOJ ALDS1_13_A: the sample of the problem page (also in README.md and the first tests).
 * - LeetCode 51 and 52: examples 1 and 2 of leetcode.com/problems/n-queens/ and n-queens-ii/,
 *   as mirrors of the statement give them (the same text on several sites); LeetCode writes
 *   the input as `n = 4`.
 * - Kattis 8queens: samples 1 and 2 of open.kattis.com (contest naq20open, problem C); the page
 *   shows each as 8 groups of 8 characters, one per line of the file.
 * - POJ 3239: poj.org/problem?id=3239, "Sample Input 8 0 / Sample Output 5 3 1 6 8 2 4 7".
 * - BOJ 9175: www.acmicpc.net/problem/9175; the stored copy of that page stops before the
 *   samples, so they were read from a copy of the statement in a web-text data set (the
 *   Nemotron-CC-Math corpus, several copies agreeing). Each sample solution is checked valid
 *   below, which a mangled copy would hardly be; the line breaks of the N = 50 answer (after
 *   24 and 22 numbers) follow the statement's "lines ... not exceeding 65 characters".
 */
export const SAMPLES = {
  aoj: [
    {
      input: "2\n2 2\n5 3\n",
      output: "......Q.\nQ.......\n..Q.....\n.......Q\n.....Q..\n...Q....\n.Q......\n....Q...\n",
      anyAnswer: false,
      source: "https://onlinejudge.u-aizu.ac.jp/problems/ALDS1_13_A",
    },
  ],
  leetcode51: [
    {
      input: "n = 4\n",
      output: '[[".Q..","...Q","Q...","..Q."],["..Q.","Q...","...Q",".Q.."]]\n',
      anyAnswer: false,
      source: "https://leetcode.com/problems/n-queens/ (example 1)",
    },
    {
      input: "n = 1\n",
      output: '[["Q"]]\n',
      anyAnswer: false,
      source: "https://leetcode.com/problems/n-queens/ (example 2)",
    },
  ],
  leetcode52: [
    {
      input: "n = 4\n",
      output: "2\n",
      anyAnswer: false,
      source: "https://leetcode.com/problems/n-queens-ii/ (example 1)",
    },
    {
      input: "n = 1\n",
      output: "1\n",
      anyAnswer: false,
      source: "https://leetcode.com/problems/n-queens-ii/ (example 2)",
    },
  ],
  kattis: [
    {
      input: "*.......\n..*.....\n....*...\n......*.\n.*......\n.......*\n.....*..\n...*....\n",
      output: "invalid\n",
      anyAnswer: false,
      source: "https://open.kattis.com/problems/8queens (sample 1)",
    },
    {
      input: "*.......\n......*.\n....*...\n.......*\n.*......\n...*....\n.....*..\n..*.....\n",
      output: "valid\n",
      anyAnswer: false,
      source: "https://open.kattis.com/problems/8queens (sample 2)",
    },
  ],
  poj3239: [
    {
      input: "8\n0\n",
      output: "5 3 1 6 8 2 4 7\n",
      anyAnswer: true,
      source: "http://poj.org/problem?id=3239",
    },
  ],
  boj9175: [
    {
      input: "4\n4\n8\n25\n50\n",
      output: [
        "4",
        "2 0 3 1",
        "8",
        "2 7 3 6 0 5 1 4",
        "25",
        "14 7 18 22 13 10 24 11 1 20 6 0 15 8 5 16 23 17 4 21 12 2 19 3 9",
        "50",
        "22 13 15 44 27 3 1 4 19 40 20 5 31 49 7 29 18 6 2 36 28 12 38 43",
        "39 11 26 14 0 30 34 8 41 9 16 10 17 33 45 42 46 24 47 35 32 23",
        "25 37 21 48",
        "",
      ].join("\n"),
      anyAnswer: true,
      source: "https://www.acmicpc.net/problem/9175",
    },
  ],
} as const satisfies Record<string, readonly Sample[]>;

/**
 * Reads a POJ 3239 output as its checker would: one line per case, n numbers, the i-th the row
 * (from 1) of the queen in column i. Returns the problems found, empty when the output is right.
 */
export function checkPoj3239(cases: readonly number[], output: string): string[] {
  const lines = output.split("\n");
  const problems: string[] = [];
  if (lines.pop() !== "") problems.push("the output does not end with a newline");
  if (lines.length !== cases.length)
    problems.push(`${lines.length} lines for ${cases.length} cases`);
  cases.forEach((n, i) => {
    const perm = numbersOf(lines[i] ?? "");
    if (perm.length !== n) problems.push(`case ${i + 1}: ${perm.length} numbers for n = ${n}`);
    else if (!isQueensPermutation(perm, 1)) problems.push(`case ${i + 1}: not a solution`);
  });
  return problems;
}

/**
 * Reads a BOJ 9175 output as the validator would: for each case the number N, then N numbers,
 * the column (from 0) of the queen in each row, any white space between them. Returns the
 * problems found, empty when the output is right.
 */
export function checkBoj9175(cases: readonly number[], output: string): string[] {
  const words = numbersOf(output);
  const problems: string[] = [];
  let at = 0;
  cases.forEach((n, i) => {
    if (words[at] !== n) problems.push(`case ${i + 1}: expected N = ${n}, got ${words[at]}`);
    const perm = words.slice(at + 1, at + 1 + n);
    if (!isQueensPermutation(perm)) problems.push(`case ${i + 1}: not a solution`);
    at += 1 + n;
  });
  if (at !== words.length) problems.push(`${words.length - at} numbers too many`);
  return problems;
}

/**
 * Asserts a special judge's verdict on an output: accepted when `wrong` is undefined, else a
 * wrong answer whose reason matches `wrong`; and that this file's validator, which found
 * `problems` in the same output, agrees.
 */
export function assertVerdict(
  r: JudgeResult,
  problems: readonly string[],
  wrong: RegExp | undefined,
): void {
  assert.equal(problems.length === 0, wrong === undefined, "the validator agrees");
  if (wrong === undefined) assert.deepEqual(r, { ok: true, output: "accepted\n" });
  else
    assert.ok(
      !r.ok && r.code === "no" && r.output === "wrong answer\n" && wrong.test(r.error),
      JSON.stringify(r),
    );
}
