/**
 * Opening the Redis connection the coordinator and the workers share with BullMQ.
 *
 * Two phases, two retry policies:
 * - before the first successful connection, a bad address or a server that is not there must
 *   fail fast: attempts are retried only until `connectSeconds` have passed, then the promise
 *   rejects with one line (no endless ioredis retry loop);
 * - once connected, a lost connection (Redis restarting, a network blip) is retried forever with
 *   a capped delay, and commands wait for it (`maxRetriesPerRequest: null`, as BullMQ requires),
 *   so a run pauses instead of failing. `onWait` is told once per outage and once on recovery,
 *   also for a server that stops answering without closing the connection (no answer to a PING
 *   for 3 s: said within about 4 s).
 */
import { Redis } from "ioredis";
import { NQueensError } from "../errors.js";
import type { QueueUrl } from "./url.js";

/** Options for {@link openRedis}. */
export interface OpenOptions {
  /** Give up on the first connection after this long. @default 3 */
  connectSeconds?: number;
  /** Told when the connection is lost and when it is back (one line each, no newline). */
  onWait?: (message: string) => void;
}

/** How long a server may leave a PING unanswered before it is said to be out of touch. */
const SILENT_MS = 3000;

/** The error for a server that cannot be used: unreachable, refusing the password, no such DB. */
export class QueueConnectionError extends NQueensError {}

/**
 * Connects to the Redis server of a queue address and resolves once it answers.
 * @param url - the server's address, from {@link parseQueueUrl} or {@link resolveQueueUrl}
 * @param options - how long to try the first connection, and what to tell while it waits
 * @returns the connection, which answers; close it with {@link closeRedis}
 * @throws QueueConnectionError (an NQueensError) when it cannot connect within `connectSeconds`
 * @example const redis = await openRedis(parseQueueUrl("redis://127.0.0.1:6379"));
 */
export async function openRedis(url: QueueUrl, options: OpenOptions = {}): Promise<Redis> {
  const deadline = Date.now() + (options.connectSeconds ?? 3) * 1000;
  let connected = false;
  let down = false;
  let lastError = "";
  const client = new Redis({
    host: url.host,
    port: url.port,
    db: url.db,
    username: url.username,
    password: url.password,
    tls: url.tls ? {} : undefined,
    connectTimeout: Math.min(1500, Math.max(200, deadline - Date.now())),
    maxRetriesPerRequest: null,
    lazyConnect: true,
    retryStrategy: (times) => {
      if (!connected) return Date.now() + 250 < deadline ? 250 : null;
      return Math.min(times * 250, 2000);
    },
  });
  client.on("error", (e: Error) => {
    lastError = /Unknown RESP type|Protocol error/.test(e.message)
      ? "the server there does not speak the Redis protocol"
      : e.message.split("\n")[0];
  });
  client.on("reconnecting", () => {
    if (connected && !down) {
      down = true;
      options.onWait?.(
        `lost the connection to Redis at ${url.display} (${lastError || "closed"}); waiting for it to come back`,
      );
    }
  });
  client.on("ready", () => {
    if (connected && down) {
      down = false;
      options.onWait?.(`connected to Redis at ${url.display} again`);
    }
  });
  // A server that stops answering without closing the connection (a network cut, a stopped
  // process) is not seen by ioredis until the socket times out, minutes later: a PING every
  // second, unanswered for 3 s, says so once, and once again when it answers.
  let pinging = false;
  let silent = false;
  const watch = setInterval(() => {
    if (!connected || pinging || client.status !== "ready") return;
    pinging = true;
    const late = setTimeout(() => {
      if (!down && !silent) {
        silent = true;
        options.onWait?.(
          `lost touch with Redis at ${url.display} (no answer for ${SILENT_MS / 1000} s); waiting for it to answer`,
        );
      }
    }, SILENT_MS);
    late.unref();
    const answered = () => {
      clearTimeout(late);
      pinging = false;
      if (silent) {
        silent = false;
        if (!down) options.onWait?.(`Redis at ${url.display} answers again`);
      }
    };
    client.ping().then(answered, answered);
  }, 1000);
  watch.unref();
  client.on("end", () => clearInterval(watch));
  const fail = (why: string) =>
    new QueueConnectionError(`cannot use Redis at ${url.display}: ${why}`, "queue-unreachable", {
      queue: url.display,
    });
  const seconds = options.connectSeconds ?? 3;
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      done();
      drop(client);
      reject(
        fail(
          lastError
            ? `${lastError} (gave up after ${seconds} s)`
            : `no answer within ${seconds} s (something accepted the connection but did not answer as Redis does); gave up`,
        ),
      );
    }, deadline - Date.now());
    const onReady = () => {
      done();
      connected = true;
      resolve();
    };
    const onEnd = () => {
      done();
      reject(fail(lastError || "connection closed"));
    };
    // A reply error before ready is not a network problem (wrong password, no such DB): stop now.
    const onError = (e: Error & { command?: unknown }) => {
      if (e.name === "ReplyError") {
        done();
        drop(client);
        reject(fail(e.message.split("\n")[0]));
      }
    };
    const done = () => {
      clearTimeout(timer);
      client.off("ready", onReady);
      client.off("end", onEnd);
      client.off("error", onError);
    };
    client.on("ready", onReady);
    client.on("end", onEnd);
    client.on("error", onError);
    client.connect().catch(() => {
      // The outcome is decided by the events above; connect() rejects on every failed attempt.
    });
  });
  return client;
}

/**
 * Disconnects at once: ioredis's disconnect ends the socket politely, and a peer that accepted
 * the connection but never answers would keep it (and the process) alive for seconds more.
 */
function drop(client: Redis): void {
  client.disconnect();
  (client as unknown as { stream?: { destroy?: () => void } }).stream?.destroy?.();
}

/**
 * Closes a connection opened by {@link openRedis}, without waiting on a server that is gone.
 * @param client - a connection from {@link openRedis}
 */
export async function closeRedis(client: Redis): Promise<void> {
  if (client.status === "ready") {
    await Promise.race([
      client.quit().catch(() => undefined),
      new Promise((r) => setTimeout(r, 1000).unref()),
    ]);
  }
  client.disconnect();
}
