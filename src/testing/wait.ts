/**
 * Test support: waiting for something a test can observe (a line of output, a file, a state in
 * Redis, a process's signal handlers) instead of for a fixed time. A fixed delay is a guess at how
 * fast the machine is; on a busy one (load 15 and more on two cores) every guess made on a quiet
 * one was wrong. The deadlines here are a last-resort guard against a hang, far from any normal
 * wait, so that a stuck test fails saying what it waited for instead of hanging the suite.
 */
import type { ChildProcess } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { constants } from "node:os";

/**
 * The deadline of a wait for an observable event: minutes, where the event takes milliseconds
 * to seconds on a quiet machine. Only a hang reaches it.
 */
export const PATIENCE_MS = 300_000;

/** Resolves after `ms` milliseconds. */
export function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}

/** Options of {@link until}. */
export interface UntilOptions {
  /** Give up after this long. @default PATIENCE_MS */
  ms?: number;
  /** Look this often. @default 25 */
  every?: number;
  /** Fail at once, instead of at the deadline, if this process ends before `check` holds. */
  alive?: ChildProcess;
}

const ended = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null;

/**
 * Waits until `check` holds, looking every `every` ms; fails, naming `what`, when `alive` has
 * ended first or after `ms`.
 */
export async function until(
  check: () => boolean | Promise<boolean>,
  what: string,
  options: UntilOptions = {},
): Promise<void> {
  const deadline = Date.now() + (options.ms ?? PATIENCE_MS);
  for (;;) {
    if (await check()) return;
    if (options.alive && ended(options.alive)) {
      if (await check()) return;
      throw new Error(`the process ended before ${what}`);
    }
    if (Date.now() > deadline) {
      throw new Error(`gave up waiting for ${what} after ${options.ms ?? PATIENCE_MS} ms`);
    }
    await sleep(options.every ?? 25);
  }
}

/**
 * Whether process `pid` catches `signal` (has a handler installed for it), from the SigCgt mask
 * in /proc/PID/status (Linux); undefined where that cannot be read (another system, or the
 * process is gone).
 */
export function catchesSignal(pid: number, signal: NodeJS.Signals): boolean | undefined {
  let status: string;
  try {
    status = readFileSync(`/proc/${pid}/status`, "utf8");
  } catch {
    return undefined;
  }
  const mask = /^SigCgt:\s*([0-9a-f]+)$/m.exec(status)?.[1];
  if (mask === undefined) return undefined;
  return ((BigInt(`0x${mask}`) >> BigInt(constants.signals[signal] - 1)) & 1n) === 1n;
}

/**
 * Waits until `child` catches `signal`, so that a signal sent next reaches the command's handler
 * rather than the default action (or Node's own: Node catches SIGINT and SIGTERM from its start
 * to restore the terminal, so only a signal Node leaves alone, such as SIGHUP, tells that the
 * command has installed its handlers). Where /proc cannot tell, waits `fallbackMs` instead.
 * Fails if the child ends first.
 */
export async function untilCatches(
  child: ChildProcess,
  signal: NodeJS.Signals,
  fallbackMs: number,
): Promise<void> {
  const pid = child.pid;
  if (pid === undefined) throw new Error("the process did not start");
  if (catchesSignal(pid, signal) === undefined && !ended(child)) {
    await sleep(fallbackMs);
    return;
  }
  await until(() => catchesSignal(pid, signal) === true, `a ${signal} handler`, {
    alive: child,
    every: 10,
  });
}

/** A process's clocks at one look, in seconds. */
interface Clocks {
  /** Since the process started. */
  readonly wall: number;
  /** On a CPU, its main thread. */
  readonly running: number;
  /** Ready to run but waiting for a CPU, all its threads together (the load's share). */
  readonly queued: number;
}

/** Clock ticks per second in /proc/PID/stat (USER_HZ, 100 on every Linux the tests run on). */
const USER_HZ = 100;

/**
 * One look at process `pid`'s clocks, from /proc (Linux: stat for its start, and each thread's
 * schedstat: time on a CPU, time queued for one); undefined elsewhere or once it is gone.
 */
function clocks(pid: number): Clocks | undefined {
  try {
    const uptime = Number(readFileSync("/proc/uptime", "utf8").split(" ")[0]);
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // The fields after the command's name, which may hold spaces: the start is field 22.
    const started = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19]) / USER_HZ;
    let running = 0;
    let queued = 0;
    for (const task of readdirSync(`/proc/${pid}/task`)) {
      const [cpu, wait] = readFileSync(`/proc/${pid}/task/${task}/schedstat`, "utf8")
        .split(" ")
        .map((x) => Number(x) / 1e9);
      if (task === String(pid)) running = cpu!;
      queued += wait!;
    }
    const wall = uptime - started;
    return Number.isFinite(wall + running + queued) ? { wall, running, queued } : undefined;
  } catch {
    return undefined;
  }
}

/** Seconds between two looks that the process spent neither on a CPU nor queued for one. */
const idleBetween = (a: Clocks, b: Clocks) =>
  Math.max(0, b.wall - a.wall - (b.running - a.running) - (b.queued - a.queued));

/**
 * How long something waited, by a measure a busy machine does not stretch: the seconds a
 * process spent waiting for a timer, the network or a peer, not the seconds it spent running or
 * queued for a CPU (the wall clock counts those too, and at load 16 they are most of it).
 */
export interface Idle {
  /**
   * The seconds so far (for a child: up to its last look, at most about 20 ms before it ended);
   * the wall-clock seconds instead where /proc cannot tell (another system).
   */
  readonly seconds: number;
  /** Stops looking. */
  stop(): void;
}

/**
 * Watches how long `child` waits (see {@link Idle}), from its start; kills it (SIGKILL) once
 * that passes `limitSeconds`, so that a process waiting without end fails its test instead of
 * hanging it.
 */
export function watchIdle(child: ChildProcess, limitSeconds: number): Idle {
  const began = performance.now();
  const zero: Clocks = { wall: 0, running: 0, queued: 0 };
  let proc: boolean | undefined;
  let seconds = 0;
  const look = () => {
    const now = child.pid === undefined ? undefined : clocks(child.pid);
    proc ??= now !== undefined;
    if (now) seconds = Math.max(seconds, idleBetween(zero, now));
    else if (!proc) seconds = (performance.now() - began) / 1000;
    if (seconds > limitSeconds && !ended(child)) child.kill("SIGKILL");
  };
  look();
  const timer = setInterval(look, 20);
  timer.unref();
  child.once("exit", () => clearInterval(timer));
  return {
    get seconds() {
      return seconds;
    },
    stop: () => clearInterval(timer),
  };
}

/** Measures how long `work` left this process waiting (see {@link Idle}), with its result. */
export async function idleDuring<T>(
  work: () => Promise<T>,
): Promise<{ result: T; seconds: number }> {
  const before = clocks(process.pid);
  const began = performance.now();
  const result = await work();
  const after = clocks(process.pid);
  const seconds = before && after ? idleBetween(before, after) : (performance.now() - began) / 1000;
  return { result, seconds };
}

/**
 * Waits until `child` has been running for `seconds` as a quiet machine counts them: its
 * wall-clock time less its time queued for a CPU (on a busy machine, most of it). What a test
 * sees after, say, 4 s counted so is what it would see after 4 s on a quiet one. Counts the
 * wall clock where /proc cannot tell; fails if the child ends first.
 */
export async function untilQuietSeconds(child: ChildProcess, seconds: number): Promise<void> {
  const pid = child.pid;
  if (pid === undefined) throw new Error("the process did not start");
  if (clocks(pid) === undefined) {
    await sleep(seconds * 1000);
    return;
  }
  await until(
    () => {
      const now = clocks(pid);
      return now !== undefined && now.wall - now.queued >= seconds;
    },
    `${seconds} s of the process's time`,
    { alive: child },
  );
}
