/**
 * Counting across machines over Redis with BullMQ (the optional `bullmq` and `ioredis` packages):
 * the coordinator, the worker, and run tools.
 *
 * @remarks
 * The `nqueens/queue` entry, and the folder's door; settings.ts is the door without BullMQ.
 * @packageDocumentation
 */

export { MAX_REPLICAS } from "../limits.js";
export {
  dropForged,
  type ForgetReport,
  forgetRun,
  listRuns,
  type QueueJobCounts,
  type RunInfo,
  type RunState,
} from "./admin.js";
export { closeRedis, openRedis, QueueConnectionError } from "./connection.js";
export { runCoordinator } from "./coordinator.js";
export {
  type CompletionQueueOptions,
  type QueueCompletion,
  type RefusedVote,
  runCompletion,
} from "./coordinator-complete.js";
export type {
  CoordinatorOptions,
  QueueCount,
  QueueNotes,
  QueueProgress,
} from "./coordinator-options.js";
export type { VerificationRecord } from "./record.js";
export type { QueueMethod, RunSplit, RunTally } from "./run-split.js";
export {
  MIN_SECRET_LENGTH,
  type RunKey,
  SECRET_ENV,
  type Tagger,
  WORKER_KEY_ENV,
  workerKey,
} from "./secret.js";
export {
  batchSize,
  type JobData,
  RunFlagged,
  type RunMeta,
  runName,
} from "./store.js";
export { parseQueueUrl, QUEUE_ENV, type QueueUrl, resolveQueueUrl } from "./url.js";
export type {
  Dispute,
  ForgedRecord,
  OverruledVote,
  RunVerdict,
  SubVerdict,
  Vote,
} from "./verdict.js";
export { clearFlag, type VerifiedSubProblem, type VerifyReport, verifyRun } from "./verify.js";
export {
  type Backend,
  type QueueWorker,
  type QueueWorkerOptions,
  startWorker,
} from "./worker.js";
export type { WorkerEvent, WorkerSummary } from "./worker-events.js";
