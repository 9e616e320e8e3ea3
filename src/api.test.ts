// The public API at run time: exactly the names each entry point exports. A name that appears or
// disappears fails this test (a change to the API: a CHANGELOG entry, and a new major version for
// one that disappears after 1.0). etc/*.api.md (checked by `npm run check`) holds the signatures
// and types; the package check type-checks a consumer of every entry point.
import assert from "node:assert/strict";
import { test } from "node:test";

/** Everything that runs anywhere: the browser entry, and the root entry in Node. */
/** Everything that runs anywhere: the browser entry, and the root entry in Node. */
const ANYWHERE = [
  "ALGORITHMS",
  "BOARD_FORMS",
  "BOARD_STYLES",
  "BRUTE_FORCE_BUDGET",
  "CompletionInterrupted",
  "INSTANCE_KINDS",
  "JUDGES",
  "JUDGE_NAMES",
  "MAX_COMPLETE_N",
  "MAX_INPUT_BYTES",
  "MAX_JSON_DEPTH",
  "MAX_MATRIX_N",
  "MAX_PARSE_N",
  "MAX_SOLVE_N",
  "NQueensError",
  "PUZZLE_DIFFICULTIES",
  "TIMING_DEFAULTS",
  "TRANSFORMS",
  "bruteForceCombinations",
  "canComplete",
  "certifyCompletion",
  "checkBoj9175",
  "checkCertificate",
  "checkPoj3239",
  "canonical",
  "completeOne",
  "completeOneAsync",
  "completions",
  "completionsAsync",
  "conflictSummary",
  "conflicts",
  "countCompletions",
  "countCompletionsAsync",
  "decideCompletion",
  "decideRun",
  "describeConflict",
  "detectForm",
  "estimateBruteForceSeconds",
  "forbiddenSquares",
  "formatBoard",
  "formatChunks",
  "generateInstance",
  "images",
  "instanceSymmetry",
  "isCanonical",
  "isRestricted",
  "isSolution",
  "judge",
  "methodFor",
  "orbitSize",
  "parseAojInput",
  "parseBoard",
  "parseBoardAs",
  "runAlgorithm",
  "solutions",
  "solve",
  "solveAoj",
  "solveBoj9175",
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
/** What the root entry adds in Node: the counter on worker threads, with checkpoints. */
const NODE_ONLY = ["CountInterrupted", "addParts", "count", "countPart"];
const GPU = ["GPU_AUTO_MIN_N", "GPU_MAX_N", "countGpu", "gpuAvailable", "requestNodeGpu"];
const QUEUE = [
  "MAX_REPLICAS",
  "MIN_SECRET_LENGTH",
  "QUEUE_ENV",
  "QueueConnectionError",
  "RunFlagged",
  "SECRET_ENV",
  "WORKER_KEY_ENV",
  "batchSize",
  "clearFlag",
  "closeRedis",
  "dropForged",
  "forgetRun",
  "listRuns",
  "openRedis",
  "parseQueueUrl",
  "resolveQueueUrl",
  "runCompletion",
  "runCoordinator",
  "runName",
  "startWorker",
  "verifyRun",
  "workerKey",
];

const cases: [string, () => Promise<Record<string, unknown>>, string[]][] = [
  ["nqueens (Node)", () => import("./index.js"), [...ANYWHERE, ...NODE_ONLY]],
  ["nqueens (browser)", () => import("./browser.js"), ANYWHERE],
  ["nqueens/gpu", () => import("./gpu/index.js"), GPU],
  ["nqueens/queue", () => import("./queue/index.js"), QUEUE],
];
for (const [entry, load, names] of cases) {
  test(`${entry} exports exactly the names of its API`, async () => {
    const exported = Object.keys(await load()).sort();
    assert.deepEqual(exported, [...names].sort());
  });
}

test("the browser entry is the root entry without the Node-only names", async () => {
  const root = Object.keys(await import("./index.js")).filter((n) => !NODE_ONLY.includes(n));
  const browser = Object.keys(await import("./browser.js"));
  assert.deepEqual(browser.sort(), root.sort());
});
