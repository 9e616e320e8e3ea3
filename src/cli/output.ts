/**
 * Standard output for every command: lines collected into blocks and written with backpressure,
 * and a quiet stop once the reader has gone.
 *
 * Why not `process.stdout.write` per line: a pipe in Node is asynchronous, so a loop that writes
 * without waiting fills memory as fast as it can format (measured before this writer: docs/counting.md,
 * "Big input and output") and never notices that `head` has exited, because the
 * EPIPE error is an event the busy loop never lets run. Here every block waits for `drain` when
 * the pipe is full, a closed pipe is seen right after the write that failed (the stream is
 * destroyed synchronously), and a failed write (ENOSPC on `> /dev/full`) becomes
 * {@link OutputFailed}, a one-line message in `main.ts`.
 *
 * Use: `await out.line(text)` in loops (it returns a promise only when it wrote a block), and
 * `main.ts` calls `end()` once the command is done.
 */
import { describeWriteError } from "../errors.js";
import { trapStopSignals } from "./stop-signals.js";

/** Thrown once standard output is closed (`nqueens list 14 | head`): a quiet stop, exit 0. */
export class OutputClosed extends Error {}

/** Thrown when standard output cannot be written (a full disk): one line, exit status 74. */
export class OutputFailed extends Error {}

/** Bytes collected before a block is written. */
const BLOCK = 64 * 1024;
/** A block is also written when this many milliseconds have passed since the last one. */
const LATENCY_MS = 100;
/** How long `printChunks` writes before it gives the event loop a turn (a stop signal in). */
const TURN_MS = 10;

/** The part of a writable stream {@link Output} uses (process.stdout, or a test's stream). */
export interface OutputStream {
  write(chunk: string, callback?: (error?: Error | null) => void): boolean;
  once(event: "drain" | "close" | "error", listener: (...args: unknown[]) => void): unknown;
  on(event: "error", listener: (error: Error) => void): unknown;
  removeListener(event: string, listener: (...args: unknown[]) => void): unknown;
  readonly destroyed: boolean;
  readonly errored?: Error | null;
  readonly isTTY?: boolean;
}

/** Lines to a stream, in blocks, with backpressure. */
export class Output {
  private parts: string[] = [];
  private size = 0;
  private last = performance.now();
  private lastYield = performance.now();
  private failure: Error | undefined;
  private readonly immediate: boolean;

  constructor(private readonly stream: OutputStream) {
    // Without a listener an EPIPE or ENOSPC would be an uncaught 'error' event with a stack trace.
    stream.on("error", (e) => {
      this.failure ??= e;
    });
    this.immediate = stream.isTTY === true; // a person reading: every line at once
  }

  /** Adds one line; returns a promise (await it) when a block was written. */
  line(text: string): Promise<void> | undefined {
    this.parts.push(text, "\n");
    this.size += text.length + 1;
    return this.maybeFlush();
  }

  /** Adds text as it is, without a newline. */
  text(chunk: string): Promise<void> | undefined {
    this.parts.push(chunk);
    this.size += chunk.length;
    return this.maybeFlush();
  }

  /** Adds a value as one line of JSON; bigints become decimal strings, exact. */
  json(value: unknown): Promise<void> | undefined {
    return this.line(toJson(value));
  }

  /** Writes what is left and waits until the stream has taken it. */
  async end(): Promise<void> {
    this.check();
    const data = this.take();
    if (data === "") return;
    await new Promise<void>((resolve) => {
      this.stream.write(data, (e) => {
        if (e) this.failure ??= e;
        resolve();
      });
    });
    this.check();
  }

  private maybeFlush(): Promise<void> | undefined {
    if (this.size < BLOCK && !this.immediate && performance.now() - this.last < LATENCY_MS) {
      return undefined;
    }
    return this.flush();
  }

  /** Writes the collected block now; waits for `drain` when the reader is behind. */
  async flush(): Promise<void> {
    this.check();
    const data = this.take();
    if (data === "") return;
    const ok = this.stream.write(data);
    this.check();
    if (!ok) await this.drained();
    else if (performance.now() - this.lastYield >= LATENCY_MS) {
      await new Promise((resolve) => setImmediate(resolve)); // let signals, timers, errors in
    }
    this.lastYield = performance.now();
    this.check();
  }

  private take(): string {
    const data = this.parts.join("");
    this.parts = [];
    this.size = 0;
    this.last = performance.now();
    return data;
  }

  private drained(): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        this.stream.removeListener("drain", done);
        this.stream.removeListener("close", done);
        this.stream.removeListener("error", done);
        resolve();
      };
      this.stream.once("drain", done);
      this.stream.once("close", done);
      this.stream.once("error", done);
    });
  }

  /** Throws once the stream has failed or closed. */
  private check(): void {
    const e = this.failure ?? this.stream.errored ?? undefined;
    if (e) {
      if ((e as NodeJS.ErrnoException).code === "EPIPE") throw new OutputClosed("stdout closed");
      throw new OutputFailed(`cannot write the output: ${describeWriteError(e, STDOUT_ERRORS)}`);
    }
    if (this.stream.destroyed) throw new OutputClosed("stdout closed");
  }
}

/** Words for the write errors only standard output meets (errors.ts has the device's). */
const STDOUT_ERRORS = {
  EBADF: "standard output is not open",
  EACCES: "permission denied",
};

/** JSON text of a value; bigints become decimal strings, exact. */
function toJson(value: unknown): string {
  return JSON.stringify(value, (_key, v) => (typeof v === "bigint" ? v.toString() : v));
}

let standard: Output | undefined;

/** The process's standard output. */
export function stdout(): Output {
  standard ??= new Output(process.stdout as unknown as OutputStream);
  return standard;
}

/**
 * Writes a text in pieces (a board from `formatChunks`) and a newline to standard output, and
 * waits until it is out. A stop signal (SIGINT, SIGTERM, SIGHUP) while it is written does not
 * cut a line: the line being written is finished (a `perm` board is one line: all of it), the
 * rest is dropped, and the result is 128 + the signal's number; a second signal stops at once.
 * @returns 0, or the exit status of the stop signal received
 */
export async function printChunks(chunks: Iterable<string>): Promise<number> {
  const out = stdout();
  const stop = trapStopSignals();
  stop.signal.addEventListener("abort", () => stop.release(), { once: true });
  try {
    let lineStart = true; // what was queued so far ends with a whole line
    let turned = performance.now();
    let done = false;
    for (const chunk of chunks) {
      if (stop.received !== undefined) {
        if (lineStart) {
          done = true;
          break;
        }
        const end = chunk.indexOf("\n");
        if (end >= 0) {
          await out.text(chunk.slice(0, end + 1));
          done = true;
          break;
        }
      }
      if (chunk === "") continue;
      await out.text(chunk);
      lineStart = chunk.endsWith("\n");
      // A turn of the event loop every TURN_MS, so that a stop signal is seen within a few pieces
      // even when the writes do not wait (a pipe on Linux is written synchronously).
      if (performance.now() - turned >= TURN_MS) {
        await new Promise((resolve) => setImmediate(resolve));
        turned = performance.now();
      }
    }
    if (!done) await out.text("\n");
    await out.end();
  } finally {
    stop.release();
  }
  return stop.received === undefined ? 0 : stop.exitCode;
}

/** Writes one line to standard output; await it. */
export function say(text: string): Promise<void> | undefined {
  return stdout().line(text);
}

/** Writes a value as one line of JSON to standard output (bigints as strings); await it. */
export function sayJson(value: unknown): Promise<void> | undefined {
  return stdout().json(value);
}

const ignore = () => {};

/** One line on stderr; a terminal that has gone (SIGHUP) is no reason to fail. */
export function warn(line: string): void {
  if (!process.stderr.listeners("error").includes(ignore)) process.stderr.on("error", ignore);
  try {
    process.stderr.write(`${line}\n`);
  } catch {}
}
