/**
 * The queue's settings as a command reads them (addresses, secrets, samples, worker names), the
 * folder's door that loads no BullMQ: the command checks its flags with these before it loads the
 * queue (index.ts), which needs the optional packages bullmq and ioredis.
 */
export { checkWorkerName } from "./record.js";
export { parseSample } from "./sample.js";
export { resolveSecret, SECRET_ENV } from "./secret.js";
export { parseQueueUrl, QUEUE_ENV, resolveQueueUrl } from "./url.js";
