/**
 * The exit status of a command that failed, said in one line on stderr: for the commander
 * program (main.ts) and the fast start (fast-start.ts) alike.
 */
import { NQueensError, WriteFailed } from "../errors.js";
import { type Output, OutputClosed, OutputFailed } from "./output.js";

/** The exit status of a command that threw `e`, said in one line on stderr. */
export async function statusOf(e: unknown, out: Output): Promise<number> {
  if (e instanceof OutputClosed || e instanceof OutputFailed) return failedOutput(e);
  await out.end().catch(() => {}); // what was printed before the error still goes out
  if (e instanceof NQueensError) {
    // The command's words for the library's errors: loaded only when there is one to say.
    const { STATUS, wordError } = await import("./errors.js");
    process.stderr.write(`nqueens: ${wordError(e)}\n`);
    // A file the library writes: as for the output; a full or evicting Redis: errors.ts's STATUS.
    return e instanceof WriteFailed ? 74 : (STATUS[e.code] ?? 2);
  }
  const message = e instanceof Error ? e.message : String(e);
  process.stderr.write(`nqueens: internal error: ${message.split("\n")[0]}\n`);
  return 70;
}

/** The status of a closed or failed stdout: 0 when the reader has gone, as with `yes | head`. */
export function failedOutput(e: unknown): number {
  if (e instanceof OutputClosed) return 0;
  if (!(e instanceof OutputFailed)) throw e;
  process.stderr.write(`nqueens: ${e.message}\n`);
  return 74;
}
