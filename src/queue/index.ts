/** Counting across machines over Redis with BullMQ: the coordinator, the worker, and run tools. */

export { MAX_REPLICAS } from "../limits.js";
export {
  defaultSample,
  dropForged,
  type ForgetReport,
  forgetRun,
  listRuns,
  type QueueJobCounts,
  type RunInfo,
  type RunState,
  type VerifiedSubProblem,
  type VerifyReport,
  verifyRun,
} from "./admin.js";
export { closeRedis, openRedis, QueueConnectionError } from "./connection.js";
export {
  type CoordinatorOptions,
  checkReplicas,
  type QueueCount,
  type QueueProgress,
  runCoordinator,
} from "./coordinator.js";
export {
  agree,
  checkRecord,
  checkWorkerName,
  makeRecord,
  parseRecord,
  type VerificationRecord,
} from "./record.js";
export { type QueueMethod, type RunSplit, type RunTally, runSplit } from "./run-split.js";
export {
  checkSecret,
  MIN_SECRET_LENGTH,
  type RunKey,
  resolveSecret,
  runKey,
  SECRET_ENV,
} from "./secret.js";
export {
  batchSize,
  type JobData,
  type RunMeta,
  runKeys,
  runName,
} from "./store.js";
export { maskUrl, parseQueueUrl, QUEUE_ENV, type QueueUrl, resolveQueueUrl } from "./url.js";
export {
  type Dispute,
  type ForgedRecord,
  judgeRun,
  judgeSub,
  MAX_EXTRA_VOTES,
  type OverruledVote,
  type RunVerdict,
  type SubVerdict,
  type Vote,
} from "./verdict.js";
export {
  type Backend,
  CPU_SOLVER,
  type QueueWorker,
  type QueueWorkerOptions,
  startWorker,
  type WorkerEvent,
  type WorkerSummary,
} from "./worker.js";
