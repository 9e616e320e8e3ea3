// The public API, written down: every name each entry point exports at run time. A name that
// disappears fails this test (a breaking change: a new major version and a CHANGELOG entry);
// a name added should be added here and to the CHANGELOG. Types are checked by the package
// check (scripts/check-package.mjs), which type-checks a consumer of every entry point.
import assert from "node:assert/strict";
import { test } from "node:test";

/** Everything that runs anywhere: the browser entry, and the root entry in Node. */
const ANYWHERE = [
  "ALGORITHMS",
  "BOARD_FORMS",
  "BOARD_STYLES",
  "BRUTE_FORCE_BUDGET",
  "CompletionInterrupted",
  "CountInterrupted",
  "JUDGES",
  "JUDGE_NAMES",
  "MAX_COMPLETE_N",
  "MAX_INPUT_BYTES",
  "MAX_JSON_DEPTH",
  "MAX_MATRIX_N",
  "MAX_PARSE_N",
  "MAX_SOLVE_N",
  "NQueensError",
  "TIMING_DEFAULTS",
  "TRANSFORMS",
  "bruteForceCombinations",
  "canComplete",
  "canonical",
  "completeOne",
  "completions",
  "completionsAsync",
  "conflictSummary",
  "conflicts",
  "count",
  "countCompletions",
  "countCompletionsAsync",
  "countSolutions",
  "countUnique",
  "decideRun",
  "describeConflict",
  "detectForm",
  "estimateBruteForceSeconds",
  "formatBoard",
  "formatChunks",
  "images",
  "isCanonical",
  "isSolution",
  "judge",
  "methodFor",
  "orbitSize",
  "parseBoard",
  "parseBoardAs",
  "parseAojInput",
  "parseJudgeInput",
  "runAlgorithm",
  "solutions",
  "solve",
  "solveAoj",
  "solveBoj9175",
  "solveJudge",
  "solveKattis",
  "solveLeetcode51",
  "solveLeetcode52",
  "solvePoj3239",
  "timeAlgorithm",
  "trace",
  "transform",
  "treeProfile",
  "unique",
];
/** What the root entry adds in Node: the fast counter on worker threads, with checkpoints. */
const NODE_ONLY = ["countBy", "countFast", "countJoin", "engine"];
const GPU = ["GPU_AUTO_MIN_N", "GPU_MAX_N", "countGpu", "gpuAvailable", "requestNodeGpu"];
const QUEUE = [
  "QUEUE_ENV",
  "QueueConnectionError",
  "batchSize",
  "closeRedis",
  "forgetRun",
  "listRuns",
  "openRedis",
  "parseQueueUrl",
  "resolveQueueUrl",
  "runCoordinator",
  "runName",
  "startWorker",
  "verifyRun",
];

const cases: [string, () => Promise<Record<string, unknown>>, string[]][] = [
  ["nqueens (Node)", () => import("./index.js"), [...ANYWHERE, ...NODE_ONLY]],
  ["nqueens (browser)", () => import("./browser.js"), ANYWHERE],
  ["nqueens/gpu", () => import("./gpu/index.js"), GPU],
  ["nqueens/queue", () => import("./queue/index.js"), QUEUE],
];
for (const [entry, load, names] of cases) {
  test(`${entry} exports every name of its API`, async () => {
    const exported = new Set(Object.keys(await load()));
    const gone = names.filter((n) => !exported.has(n));
    assert.deepEqual(gone, [], `${entry} no longer exports: ${gone.join(", ")}`);
  });
}

test("the browser entry is the root entry without the Node-only names", async () => {
  const root = Object.keys(await import("./index.js")).filter((n) => !NODE_ONLY.includes(n));
  const browser = Object.keys(await import("./browser.js"));
  assert.deepEqual(browser.sort(), root.sort());
});
