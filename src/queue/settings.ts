/**
 * The queue's settings as a command reads them (addresses, secrets and worker keys, samples,
 * worker names), the folder's door that loads no BullMQ: the command checks its flags with these
 * before it loads the queue (index.ts), which needs the optional packages bullmq and ioredis.
 * `workerKey` is here too: `nqueens worker-key` needs nothing else of the queue.
 */

export { parseSample } from "./sample.js";
export {
  resolveSecret,
  resolveWorkerCredential,
  SECRET_ENV,
  WORKER_KEY_ENV,
  workerKey,
} from "./secret.js";
export { parseQueueUrl, QUEUE_ENV, resolveQueueUrl } from "./url.js";
export { checkWorkerName } from "./worker-name.js";
