// Every public function, given what it cannot use (null, undefined, a value of the wrong type,
// a value out of range), throws an NQueensError (or rejects with one) whose message names the
// field at fault: never a raw TypeError from deeper down, never silence, never a search that
// runs on. The functions come from the entries' own exports, so a new export without a row here
// fails the test (the allow-list names the few that take no input).
import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import * as gpu from "./gpu/index.js";
import * as root from "./index.js";
import * as queue from "./queue/index.js";

/** One call: the arguments, and a field the message must name (a substring of the message). */
type Row = readonly [args: readonly unknown[], field: string];

/**
 * Values of the wrong type for anything: null, undefined, a string, a number, an array, an
 * object, and two that a template string or `String()` cannot turn into text (a symbol, an object
 * without a prototype), so a message that quotes them must not try.
 */
const WRONG = [null, undefined, "abc", 5, [], {}, Symbol("s"), Object.create(null)] as const;

/**
 * A name that is none of the choices: unknown text (short, and 100,000 characters, of which the
 * message quotes a little), and values that are no text at all.
 */
const badName = (
  field: string,
  before: readonly unknown[] = [],
  after: readonly unknown[] = [],
): Row[] =>
  ["nope", "x".repeat(100_000), null, 5, Symbol("s"), Object.create(null)].map((v) => [
    [...before, v, ...after],
    field,
  ]);

/** `n` of the wrong type and out of range. */
const badN = (
  max: number,
  before: readonly unknown[] = [],
  after: readonly unknown[] = [],
): Row[] =>
  [null, undefined, "8", 2.5, [], {}, 0, -1, max + 1, Number.NaN].map((n) => [
    [...before, n, ...after],
    "n",
  ]);

/** Boards of the wrong shape, and off their range. */
const badBoard = (after: readonly unknown[] = []): Row[] => [
  ...[null, undefined, "abc", 5, []].map((b): Row => [[b, ...after], "board"]),
  [[{}, ...after], "board.n"],
  [[{ n: "8", queens: [] }, ...after], "board.n"],
  [[{ n: 8 }, ...after], "board.queens"],
  [[{ n: 8, queens: "x" }, ...after], "board.queens"],
  [[{ n: 8, queens: [null] }, ...after], "board.queens[0]"],
  [[{ n: 8, queens: [{ row: "1", col: 2 }] }, ...after], "board.queens[0].row"],
  [[{ n: 8, queens: [], blocked: 5 }, ...after], "board.blocked"],
  [[{ n: 8, queens: [], excluded: [] }, ...after], "board.excluded"],
  [[{ n: 8, queens: [], excluded: { sums: [] } }, ...after], "board.excluded.differences"],
  [[{ n: 0, queens: [] }, ...after], "n"],
  [[{ n: 8, queens: [{ row: 9, col: 0 }] }, ...after], "(9, 0)"],
];

/** An options argument of the wrong type (a board or n before it). */
const badOptions = (before: readonly unknown[], field = "options"): Row[] =>
  [null, "random", 5, []].map((o) => [[...before, o], field]);

/** `signal` and `onProgress` of the wrong type. */
const badJob = (before: readonly unknown[]): Row[] => [
  [[...before, { signal: "x" }], "options.signal"],
  [[...before, { signal: {} }], "options.signal"],
  [[...before, { onProgress: 5 }], "options.onProgress"],
];

/** A solution's `cols` of the wrong shape. */
const badCols = (after: readonly unknown[] = []): Row[] => [
  ...[null, undefined, "abc", 5, {}].map((c): Row => [[c, ...after], "cols"]),
  [[[0, 0], ...after], "cols"],
  [[[], ...after], "cols"],
];

/** A string argument of the wrong type. */
const badText = (field: string, after: readonly unknown[] = []): Row[] =>
  [null, undefined, 5, [], {}].map((t) => [[t, ...after], field]);

/** What a judge's or a parser's failure value says of a value that is not text. */
const STRING = "expected a string";

const EMPTY8 = { n: 8, queens: [] };
/** A checkpoint the rows name: every call is refused before it is opened. */
const NEVER_WRITTEN = join(tmpdir(), "nqueens-api-shapes-never-written.ckpt");
/** Boards each sync completion function must refuse as too long to finish (countCompletions). */
const TOO_LONG = { n: 40, queens: [] };

const ROWS: Readonly<Record<string, readonly Row[]>> = {
  addParts: [
    ...badN(32, [], [["a"]]),
    [[8, "x"], "files"],
    [[8, [5]], "files[0]"],
    ...badOptions([8, ["a"]]),
  ],
  bruteForceCombinations: badN(30),
  canComplete: badBoard(),
  canonical: badCols(),
  certifyCompletion: [
    ...badBoard([() => {}]),
    [[EMPTY8, "x"], "write"],
    ...badOptions([EMPTY8, () => {}]),
    [[EMPTY8, () => {}, { signal: "x" }], "options.signal"],
  ],
  checkBoj9175: [
    ...badText(STRING, [""]),
    ...badText(STRING).map(([a, f]): Row => [["1\n4\n", ...a], f]),
  ],
  checkCertificate: [...badBoard([[]]), [[EMPTY8, 5], "lines"], [[EMPTY8, null], "lines"]],
  checkPoj3239: [
    ...badText(STRING, [""]),
    ...badText(STRING).map(([a, f]): Row => [["8\n0\n", ...a], f]),
  ],
  completeOne: [
    ...badBoard(),
    ...badOptions([EMPTY8]),
    [[EMPTY8, { least: "yes" }], "options.least"],
  ],
  completeOneAsync: [
    ...badBoard(),
    ...badOptions([EMPTY8]),
    ...badJob([EMPTY8]),
    [[EMPTY8, { least: "yes" }], "options.least"],
    [[EMPTY8, { yieldEveryMs: -1 }], "yieldEveryMs"],
  ],
  completions: [
    ...badBoard(),
    ...badOptions([EMPTY8]),
    ...badJob([EMPTY8]),
    [[TOO_LONG], "completionsAsync"],
    [[EMPTY8, { limit: Symbol("s") }], "limit"],
    [[EMPTY8, { limit: Object.create(null) }], "limit"],
  ],
  completionsAsync: [...badBoard(), ...badOptions([EMPTY8]), ...badJob([EMPTY8])],
  conflictSummary: [...badBoard(), [[EMPTY8, "x"], "limit"], [[EMPTY8, -1], "limit"]],
  conflicts: badBoard(),
  count: [
    ...badN(32),
    [[28, { method: "join" }], "n"],
    ...badOptions([8]),
    ...badJob([8]),
    [[8, { workers: "2" }], "workers"],
    [[8, { workers: 0 }], "workers"],
    [[8, { method: "plain", workers: 0 }], "workers"],
    [[8, { method: 5 }], "method"],
    [[8, { checkpoint: 5 }], "checkpoint"],
  ],
  countCompletions: [
    ...badBoard(),
    [[TOO_LONG], "countCompletionsAsync"],
    [[{ n: 20, queens: [] }], "countCompletionsAsync"],
  ],
  countCompletionsAsync: [
    ...badBoard(),
    ...badOptions([EMPTY8]),
    ...badJob([EMPTY8]),
    [[EMPTY8, { yieldEveryMs: "1" }], "yieldEveryMs"],
  ],
  countPart: [
    ...badN(32, [], [{ index: 1, of: 2 }, { checkpoint: NEVER_WRITTEN }]),
    [[8, null, { checkpoint: NEVER_WRITTEN }], "part"],
    [[8, "1/2", { checkpoint: NEVER_WRITTEN }], "part"],
    [[8, { index: 1, of: 2 }, undefined], "checkpoint"],
    [[8, { index: 1, of: 2 }, { checkpoint: 5 }], "checkpoint"],
    [[8, { index: 1, of: 2 }, { checkpoint: NEVER_WRITTEN, signal: "x" }], "options.signal"],
  ],
  decideCompletion: [
    ...badBoard(),
    ...badOptions([EMPTY8]),
    [[EMPTY8, { timeLimitMs: "x" }], "timeLimitMs"],
  ],
  decideRun: [
    ...badName("algorithm", [], [8]),
    ...badN(30, ["bitmask"]),
    ...badOptions(["bitmask", 8], "limits"),
  ],
  describeConflict: [
    ...WRONG.map((c): Row => [[c], "conflict"]),
    [[{ a: { row: 0, col: 0 }, b: null, kind: "row" }], "conflict.b"],
  ],
  detectForm: badText(STRING),
  estimateBruteForceSeconds: [...badN(30), ...badOptions([8])],
  forbiddenSquares: [
    ...badBoard().slice(0, -1),
    [[{ n: 8, queens: [], blocked: [{ row: 8, col: 0 }] }], "(8, 0)"],
  ],
  formatBoard: [
    ...[null, undefined, "abc", 5, {}].map((b): Row => [[b, "dots"], "board"]),
    [[{ n: 8 }, "dots"], "board.queens"],
    [[[0, "x"], "dots"], "(1, x)"],
    ...badName("style", [[1, 3, 0, 2]]),
    [[{ n: 3000, queens: [] }, "dots"], "formatChunks"],
    ...badOptions([[1, 3, 0, 2], "dots"]),
  ],
  formatChunks: [
    ...[null, undefined, "abc", 5, {}].map((b): Row => [[b, "dots"], "board"]),
    ...badName("style", [[1, 3, 0, 2]]),
    ...badOptions([[1, 3, 0, 2], "dots"]),
  ],
  generateInstance: [
    ...badName("kind", [], [8]),
    ...badN(10_000, ["completion"]),
    ...badOptions(["completion", 8]),
    [["completion", 8, { seed: Object.create(null) }], "seed"],
    [["completion", 8, { seed: Symbol("s") }], "seed"],
  ],
  images: badCols(),
  instanceSymmetry: badBoard(),
  isCanonical: badCols(),
  isRestricted: badBoard().slice(0, -2),
  isSolution: [null, undefined, "abc", 5, {}].map((c): Row => [[c], "cols"]),
  judge: badName("judge"),
  methodFor: [...badN(10_000_000), ...badName("method", [8])],
  orbitSize: badCols(),
  parseAojInput: badText(STRING),
  parseBoard: [...badText(STRING), ...badOptions([". Q"])],
  parseBoardAs: [
    ...badText(STRING, ["perm"]),
    ...badName("format", ["1 3 0 2"]),
    ...badOptions(["1 3 0 2", "perm"]),
  ],
  runAlgorithm: [
    ...badName("algorithm", [], [8]),
    [["brute-force", 8], "decideRun"],
    [["row-loop", 20], "force"],
    [["bitmask", 8, { onSolution: 5 }], "options.onSolution"],
    ...badN(30, ["bitmask"]),
    ...badOptions(["bitmask", 8]),
  ],
  solutions: [
    ...badN(32),
    [[40], "solve"],
    [[33], "n"],
    ...badOptions([8]),
    [[8, { fixed: "x" }], "options.fixed"],
  ],
  solve: [
    ...badN(10_000_000),
    ...badOptions([8]),
    ...badName("method").map(([[m]]): Row => [[8, { method: m }], "method"]),
    [[8, { seed: "x" }], "seed"],
  ],
  solveAoj: badText(STRING),
  solveBoj9175: badText(STRING),
  solveKattis: badText(STRING),
  solveLeetcode51: badText(STRING),
  solveLeetcode52: badText(STRING),
  solvePoj3239: badText(STRING),
  timeAlgorithm: [
    ...badName("algorithm", [], [8]),
    [["brute-force", 8, { budget: 10n }], "budget"],
    ...badN(30, ["bitmask"]),
    ...badOptions(["bitmask", 8]),
  ],
  trace: [...badN(30), ...badOptions([8])],
  transform: [...badCols(["rot90"]), ...badName("transform", [[1, 3, 0, 2]])],
  treeProfile: [...badN(15), [[20], "trace"], ...badOptions([8])],
  unique: badN(32),
};

/**
 * The judges and the board parsers never throw for their text: a failure is a value, `{ ok:
 * false, code, error }` (the command prints it as a verdict), and that value must name the
 * problem too.
 */
const RESULT_VALUES = new Set([
  "checkBoj9175",
  "checkPoj3239",
  "detectForm",
  "parseAojInput",
  "parseBoard",
  "parseBoardAs",
  "solveAoj",
  "solveBoj9175",
  "solveKattis",
  "solveLeetcode51",
  "solveLeetcode52",
  "solvePoj3239",
]);

/** Exports that are functions but take no input, or are classes. */
const NO_INPUT = new Set(["NQueensError", "CountInterrupted", "CompletionInterrupted"]);

const GPU_ROWS: Readonly<Record<string, readonly Row[]>> = {
  countGpu: [...badN(28), ...badOptions([8]), ...badJob([8])],
  requestNodeGpu: badOptions([]),
};
const GPU_NO_INPUT = new Set(["gpuAvailable"]);

/** A queue address where nothing listens: a run or worker must refuse its options before it. */
const NOWHERE = "redis://127.0.0.1:1";
const SECRET = "s".repeat(40);

/**
 * The queue's pure functions, and the runs and workers given options they cannot use, which they
 * refuse before they open Redis (the rest of what opens Redis is the queue's own tests).
 */
const QUEUE_ROWS: Readonly<Record<string, readonly Row[]>> = {
  batchSize: [...badN(32), [[20, "nope"], "method"]],
  runCoordinator: [
    [[8, NOWHERE], "secret"],
    ...badOptions([8, NOWHERE]),
    [[8, NOWHERE, { secret: SECRET, batch: Symbol("s") }], "batch"],
  ],
  runCompletion: [
    [[EMPTY8, NOWHERE], "secret"],
    ...badOptions([EMPTY8, NOWHERE]),
    [[EMPTY8, NOWHERE, { secret: SECRET, parts: Symbol("s") }], "parts"],
    [[EMPTY8, NOWHERE, { secret: SECRET, replicas: Object.create(null) }], "replicas"],
  ],
  startWorker: [
    [[NOWHERE], "secret"],
    ...badOptions([NOWHERE]),
    [[NOWHERE, { secret: SECRET, threads: Symbol("s") }], "threads"],
    [[NOWHERE, { secret: SECRET, lockSeconds: "30" }], "lockSeconds"],
  ],
  parseQueueUrl: badText("url"),
  runName: [...badN(32), [[20, "nope"], "method"]],
  workerKey: [
    ...badText("secret", ["w1"]),
    ...badText("name").map(([a, f]): Row => [["s".repeat(32), ...a], f]),
  ],
};
const QUEUE_NEEDS_REDIS = new Set([
  "clearFlag",
  "closeRedis",
  "dropForged",
  "forgetRun",
  "listRuns",
  "openRedis",
  "resolveQueueUrl",
  "verifyRun",
  "QueueConnectionError",
  "RunFlagged",
]);

/** What a call did: its error (thrown or rejected), or "returned" and its value. */
async function outcome(f: (...args: unknown[]) => unknown, args: readonly unknown[]) {
  try {
    const r = f(...args);
    if (r instanceof Promise) await r;
    return { error: undefined, value: r };
  } catch (error) {
    return { error, value: undefined };
  }
}

function show(args: readonly unknown[]): string {
  return args
    .map((a) =>
      typeof a === "function"
        ? "fn"
        : a === undefined
          ? "undefined"
          : JSON.stringify(a, (_, v) => (typeof v === "bigint" ? `${v}n` : v)),
    )
    .join(", ");
}

function functionsOf(entry: Record<string, unknown>): string[] {
  return Object.keys(entry)
    .filter((k) => typeof entry[k] === "function")
    .sort();
}

/** The longest message allowed: one that quotes a little of a value, not all of it. */
const MAX_MESSAGE = 400;

async function drive(
  name: string,
  entry: Record<string, unknown>,
  rows: Readonly<Record<string, readonly Row[]>>,
  noInput: ReadonlySet<string>,
): Promise<void> {
  const listed = new Set([...Object.keys(rows), ...noInput]);
  const missing = functionsOf(entry).filter((f) => !listed.has(f));
  assert.deepEqual(missing, [], `${name}: exported functions without a row`);
  for (const f of Object.keys(rows)) assert.equal(typeof entry[f], "function", `${name}: ${f}`);
  const failures: string[] = [];
  let calls = 0;
  for (const [f, cases] of Object.entries(rows)) {
    assert.ok(cases.length > 0, `${f}: no cases`);
    for (const [args, field] of cases) {
      calls++;
      const { error, value } = await outcome(entry[f] as (...a: unknown[]) => unknown, args);
      const call = `${f}(${show(args)})`;
      const failed = value as { ok?: boolean; error?: string } | undefined;
      if (error === undefined && RESULT_VALUES.has(f) && failed?.ok === false) {
        if (!failed.error?.includes(field)) {
          failures.push(`${call}: "${failed.error}" does not name ${field}`);
        }
      } else if (!(error instanceof root.NQueensError)) {
        failures.push(`${call}: ${error === undefined ? "accepted" : String(error)}`);
      } else if (!error.message.includes(field) || error.message.includes("\n")) {
        failures.push(`${call}: "${error.message}" does not name ${field} in one line`);
      } else if (error.message.length > MAX_MESSAGE) {
        failures.push(`${call}: a message of ${error.message.length} characters`);
      }
    }
  }
  assert.deepEqual(failures, [], `${name}: ${failures.length} of ${calls} calls`);
}

test("every function of the root entry refuses what it cannot use, naming the field", async () => {
  await drive("nqueens", root, ROWS, NO_INPUT);
  assert.ok(!existsSync(NEVER_WRITTEN), "a refused call wrote its checkpoint");
});

test("nqueens/gpu refuses what it cannot use before it opens a device", async () => {
  await drive("nqueens/gpu", gpu, GPU_ROWS, GPU_NO_INPUT);
});

test("nqueens/queue's pure functions refuse what they cannot use", async () => {
  await drive("nqueens/queue", queue, QUEUE_ROWS, QUEUE_NEEDS_REDIS);
});

test("count says why it counted on the calling thread when workers were asked for", async () => {
  const small = await root.count(8, { workers: 2 });
  assert.equal(small.workers, 0);
  assert.equal(small.onCallingThread, "small");
  const plain = await root.count(8, { method: "plain", workers: 2 });
  assert.equal(plain.onCallingThread, "plain");
  const threads = await root.count(14, { method: "constellations", workers: 2 });
  assert.equal(threads.total, 365596n);
  assert.equal(threads.workers, 2);
  assert.equal(threads.onCallingThread, undefined);
});
