/** Counting across machines over Redis with BullMQ: the coordinator, the worker, and run tools. */
export { closeRedis, openRedis, QueueConnectionError } from "./connection.js";
export {
  type CoordinatorOptions,
  type QueueCount,
  type QueueProgress,
  runCoordinator,
} from "./coordinator.js";
export { agree, checkRecord, makeRecord, parseRecord, type VerificationRecord } from "./record.js";
export {
  batchSize,
  type Conflict,
  type JobData,
  type RunMeta,
  runKeys,
  runName,
  totalOf,
} from "./run.js";
export {
  type ForgetReport,
  forgetRun,
  listRuns,
  type QueueJobCounts,
  type RunInfo,
  type VerifiedSubProblem,
  type VerifyReport,
  verifyRun,
} from "./runs.js";
export { parseQueueUrl, QUEUE_ENV, type QueueUrl, resolveQueueUrl } from "./url.js";
export {
  type Backend,
  CPU_SOLVER,
  type QueueWorker,
  type QueueWorkerOptions,
  startWorker,
  type WorkerEvent,
  type WorkerSummary,
} from "./worker.js";
