/**
 * Stop signals: SIGINT (Ctrl-C), SIGTERM and SIGHUP abort long work through an AbortSignal so
 * that it can stop cleanly (checkpoint flushed and unlocked, terminal restored); the command then
 * exits with 128 + the signal's number: 130, 143, 129. A module of its own, apart from the
 * progress bar (progress.ts): the command's output (output.ts, whose boards are cut only at a
 * line's end) needs them too, and every command loads it, the lightest starts included.
 */
import { constants } from "node:os";

/** The signals that stop long work the way Ctrl-C does. */
const STOP_SIGNALS = ["SIGINT", "SIGTERM", "SIGHUP"] as const;
export type StopSignal = (typeof STOP_SIGNALS)[number];

/** The exit status after a stop signal: 128 + its number (SIGINT 130, SIGTERM 143, SIGHUP 129). */
export function signalExitCode(signal: StopSignal): number {
  return 128 + constants.signals[signal];
}

/** Stop signals turned into an abort; see {@link trapStopSignals}. */
export interface StopSignals {
  /** Aborts at the first stop signal. */
  readonly signal: AbortSignal;
  /** The first stop signal received, if any. */
  readonly received: StopSignal | undefined;
  /** The exit status for the signal received (130 when none: an abort from elsewhere). */
  readonly exitCode: number;
  /** `interrupted after` for Ctrl-C, `interrupted by SIGTERM after` for the others. */
  readonly interrupted: string;
  /** Removes the handlers: later signals act as usual again (SIGINT ends the process). */
  release(): void;
}

/**
 * Catches SIGINT, SIGTERM and SIGHUP until `release()`: the first aborts `signal`, later ones
 * are ignored while the work stops (a second Ctrl-C cannot leave a checkpoint locked).
 */
export function trapStopSignals(): StopSignals {
  const controller = new AbortController();
  let received: StopSignal | undefined;
  const handlers = STOP_SIGNALS.map((name) => {
    const handler = () => {
      received ??= name;
      controller.abort();
    };
    process.on(name, handler);
    return [name, handler] as const;
  });
  return {
    signal: controller.signal,
    get received() {
      return received;
    },
    get exitCode() {
      return signalExitCode(received ?? "SIGINT");
    },
    get interrupted() {
      return received === undefined || received === "SIGINT"
        ? "interrupted after"
        : `interrupted by ${received} after`;
    },
    release() {
      for (const [name, handler] of handlers) process.removeListener(name, handler);
    },
  };
}
