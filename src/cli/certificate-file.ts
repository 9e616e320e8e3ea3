/**
 * `nqueens complete --certificate OUT`: the certificate written to a temporary file beside OUT
 * and renamed to OUT once whole, so that an error or a stop leaves no half-written certificate.
 */
import { closeSync, openSync, renameSync, rmSync, statSync, writeSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import type { PartialBoard } from "../board.js";
import { type CertificateSummary, certifyCompletion } from "../completion/index.js";
import { describeWriteError, NQueensError, WriteFailed } from "../errors.js";
import { trapStopSignals } from "./stop-signals.js";

/** Writes the certificate of `board`'s answer to `path`; stops when `signal` aborts. */
async function writeCertificateFile(
  board: PartialBoard,
  path: string,
  signal: AbortSignal,
): Promise<CertificateSummary> {
  // Refused before the search, not by the rename after it (which could be hours later).
  if (statSync(path, { throwIfNoEntry: false })?.isDirectory()) {
    throw new NQueensError(
      `cannot write the certificate to ${path}: it is a directory`,
      "invalid-value",
      { option: "certificate", file: path },
    );
  }
  const temporary = join(dirname(path), `.${basename(path)}.${process.pid}.partial`);
  let fd: number;
  try {
    fd = openSync(temporary, "wx");
  } catch (e) {
    throw new NQueensError(
      `cannot write the certificate beside ${path}: ${describeWriteError(e)}`,
      "invalid-value",
      { option: "certificate", file: path },
    );
  }
  let whole = false;
  try {
    const write = (chunk: string): void => {
      try {
        const bytes = Buffer.from(chunk);
        for (let at = 0; at < bytes.length; ) at += writeSync(fd, bytes, at);
      } catch (e) {
        throw new WriteFailed(
          `cannot write the certificate ${path}: ${describeWriteError(e)}`,
          path,
        );
      }
    };
    const summary = await certifyCompletion(board, write, { signal });
    closeSync(fd);
    fd = -1;
    renameSync(temporary, path);
    whole = true;
    return summary;
  } finally {
    if (fd >= 0) closeSync(fd);
    if (!whole) rmSync(temporary, { force: true });
  }
}

/**
 * One completion with its certificate written to `path`: undefined when a signal stopped it
 * (the exit status given, no file left).
 */
export async function completeCertified(
  board: PartialBoard,
  path: string,
  exit: (code: number) => void,
): Promise<{ cols: number[] | undefined } | undefined> {
  const stop = trapStopSignals();
  try {
    const { cols } = await writeCertificateFile(board, path, stop.signal);
    return { cols };
  } catch (e) {
    if (!stop.signal.aborted) throw e;
    process.stderr.write(`nqueens: ${stop.interrupted} starting; no certificate written\n`);
    exit(stop.exitCode);
    return undefined;
  } finally {
    stop.release();
  }
}
