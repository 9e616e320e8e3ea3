/**
 * Each command's line in `nqueens --help`: its name, its options and arguments as commander
 * writes them, and its description. The program's help is drawn from this table alone
 * (main.ts), without loading the hundred-odd modules behind the commands; summaries.test.ts
 * checks that it prints exactly what the help of the registered commands prints, so a command
 * changed in its file and not here fails the tests.
 */
export const SUMMARIES: readonly (readonly [name: string, usage: string, description: string])[] = [
  [
    "solve",
    "[options] <n>",
    "print one solution for an n x n board (exit 1 when there is none: n = 2, 3)",
  ],
  ["list", "[options] <n>", "stream every solution in lexicographic order, numbered"],
  [
    "count",
    "[options] <n>",
    "count all solutions on an n x n board (and the unique ones), on every core",
  ],
  [
    "complete",
    "[options] [file]",
    "complete a partial board read from FILE or stdin (exit 1 when it cannot be done)",
  ],
  [
    "check",
    "[options] [file]",
    "check a board read from FILE or stdin: exit 0 for a solution, 1 if not",
  ],
  [
    "check-certificate",
    "[options] <instance> <certificate>",
    "check a completion certificate against its instance: exit 0 valid, 1 refused",
  ],
  [
    "generate",
    "[options] <kind> <n>",
    "generate a completion instance or a puzzle from a seed (the published methods)",
  ],
  ["aoj", "[file]", "the AOJ ALDS1_13_A 8 Queens Problem: complete the judge's board from stdin"],
  [
    "judge",
    "[options] <problem> [file]",
    "answer a judge's input: AOJ, LeetCode 51 and 52, Kattis, POJ 3239, BOJ 9175",
  ],
  [
    "trace",
    "[options] <n>",
    "show the row-by-row backtracking search step by step, then its nodes per depth (squares are (row,col) from 0)",
  ],
  [
    "compare",
    "[options] <n>",
    "run the algorithms the tutorials compare, from brute force to bitmasks, and tabulate their solutions, nodes, checks and time",
  ],
  [
    "web",
    "[options]",
    "serve the web page (place queens, watch the search, browse solutions) on 127.0.0.1",
  ],
  [
    "worker",
    "[options]",
    "take counting jobs from a Redis queue (see count --queue) until stopped",
  ],
  [
    "worker-key",
    "[options] <name>",
    "print the key of the queue worker named NAME, derived from the runs' secret: give it to that worker instead of the secret",
  ],
  [
    "runs",
    "[options]",
    "list the counting runs on a queue server with their verdict, re-verify one by recounting, or forget one",
  ],
  ["completion", "<shell>", "print a Tab-completion script for bash, zsh or fish"],
];
