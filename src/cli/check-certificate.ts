/**
 * `nqueens check-certificate INSTANCE CERT`: replays a completion certificate (written by
 * `nqueens complete --certificate`) against its instance with the independent checker.
 */
import { createReadStream } from "node:fs";
import { checkCertificateBytes } from "../certificate/index.js";
import { NQueensError } from "../errors.js";
import { plural, thousands } from "../words.js";
import { readCompletionBoard } from "./complete.js";
import { say, sayJson } from "./output.js";
import { formatInOption } from "./read-board.js";
import type { Register } from "./register.js";

interface CheckCertificateFlags {
  formatIn: string;
  quiet?: boolean;
  diagonals?: string;
  json?: boolean;
}

/** The longest line read: a certificate's lines hold at most a few hundred characters. */
const MAX_LINE = 1 << 20;

/**
 * The certificate's bytes, read as a stream in chunks (bounded memory); a file that cannot be
 * opened, or a line over 1 MiB, is bad input.
 */
async function* certificateChunks(path: string): AsyncGenerator<Uint8Array> {
  const unreadable = (e: NodeJS.ErrnoException) =>
    new NQueensError(
      `cannot read the certificate ${path}: ${e.code ?? e.message}`,
      "unreadable-input",
      { file: path },
    );
  const stream = createReadStream(path, { highWaterMark: 1 << 20 });
  await new Promise<void>((resolve, reject) => {
    stream.once("open", () => resolve());
    stream.once("error", (e: NodeJS.ErrnoException) => reject(unreadable(e)));
  });
  // Bytes since the last line end.
  let open = 0;
  try {
    // A file that opens may still fail to read (a directory opens, then EISDIR): bad input too.
    const chunks = (async function* () {
      try {
        yield* stream as AsyncIterable<Buffer>;
      } catch (e) {
        throw unreadable(e as NodeJS.ErrnoException);
      }
    })();
    for await (const chunk of chunks) {
      const last = chunk.lastIndexOf(10);
      open = last < 0 ? open + chunk.length : chunk.length - last - 1;
      if (open > MAX_LINE) {
        throw new NQueensError(
          `the certificate ${path} has a line over 1 MiB: not a certificate`,
          "unreadable-input",
          { file: path },
        );
      }
      yield chunk;
    }
  } finally {
    stream.destroy();
  }
}

export const registerCheckCertificate: Register = (program, exit) => {
  program
    .command("check-certificate")
    .description("check a completion certificate against its instance: exit 0 valid, 1 refused")
    .argument("<instance>", "the board the certificate is about, as given to complete; - for stdin")
    .argument("<certificate>", "the certificate file (complete --certificate wrote it)")
    .addOption(formatInOption())
    .option("-q, --quiet", "no note on stderr about the detected format")
    .option(
      "-d, --diagonals <d>",
      "csplib or json input with a diags list: take its first d pairs (as complete -d)",
    )
    .option("--json", "JSON: {valid, answer, branches, leaves} or {valid, line, reason}")
    .addHelpText(
      "after",
      `
The checker shares no code with the search: it has its own board model and replays
the certificate line by line, in time proportional to its length. A "yes" holds a
completion, checked against the board. A "no" holds the search tree in preorder: at
each node the checker places the forced queens itself (a row or column with one
square left gets its queen); a node where some row or column is left without a
square is a leaf and takes no line; any other node has a line: a branch on a row
(r12) or a column (c3), whose children are all of that line's squares still
possible, in ascending order, so they cover every case; or "f bound", a leaf where
the diagonals still open cannot take the queens missing. Version 1 certificates
(nqueens 0.2.0) are read too. The header names the instance by a SHA-256 of its
queens, blocked squares and excluded diagonals.

Exit status: 0 the certificate is valid, 1 refused (one line names the first bad
line and why), 2 input that cannot be read.

Examples:
  $ nqueens generate diagonals 12 --seed 1 --diagonals 11 --format csplib > ed.param
  $ nqueens complete ed.param --certificate ed.cert      exit 1: no completion
  $ nqueens check-certificate ed.param ed.cert           valid: no completion`,
    )
    .action(async (instance: string, certificate: string, flags: CheckCertificateFlags) => {
      const { board } = await readCompletionBoard(instance, flags);
      const r = await checkCertificateBytes(board, certificateChunks(certificate));
      if (flags.json) await sayJson(r);
      else if (r.valid) {
        await say(
          r.answer === "yes"
            ? "valid: a completion"
            : `valid: no completion (${plural(r.branches, "branch", "branches")} and ${plural(r.leaves, "leaf", "leaves")} checked)`,
        );
      } else {
        process.stderr.write(
          `nqueens: certificate refused at line ${thousands(r.line)}: ${r.reason}\n`,
        );
      }
      exit(r.valid ? 0 : 1);
    });
};
