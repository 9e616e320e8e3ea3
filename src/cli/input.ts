/**
 * Reading a board from a file or standard input: at most {@link MAX_INPUT_BYTES}, refused as soon
 * as that is passed (never read whole first), with one-line errors.
 */
import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import { NQueensError, quote } from "../errors.js";
import { MAX_INPUT_BYTES } from "../limits.js";

/** "32 MiB", for messages. */
function mib(bytes: number): string {
  return `${bytes / 2 ** 20} MiB`;
}

/** The one error for input past the limit. */
function tooLarge(where: string): NQueensError {
  return new NQueensError(
    `${where} is larger than ${mib(MAX_INPUT_BYTES)}, the limit for a board (see "Size limits" in docs/command.md)`,
    "unreadable-input",
  );
}

/**
 * Reads a stream to the end as UTF-8 text, stopping with an error as soon as it passes `limit`
 * bytes (the rest is never read).
 */
async function readLimited(
  stream: NodeJS.ReadableStream,
  where: string,
  limit = MAX_INPUT_BYTES,
): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    const b = typeof chunk === "string" ? Buffer.from(chunk) : (chunk as Buffer);
    size += b.length;
    if (size > limit) {
      (stream as NodeJS.ReadableStream & { destroy?: () => void }).destroy?.();
      throw tooLarge(where);
    }
    chunks.push(b);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/**
 * Reads FILE, or standard input when the name is `-` or missing. Errors name the file. On a
 * terminal, says on stderr that it waits for a board, so a bare `nqueens check` does not look hung.
 */
export async function readInput(file: string | undefined): Promise<string> {
  if (file === undefined || file === "-") {
    if (process.stdin.isTTY) {
      process.stderr.write(
        "nqueens: reading a board from standard input; end with Ctrl-D (or give a FILE)\n",
      );
    }
    return readLimited(process.stdin, "standard input");
  }
  const name = quote(file, 200); // a path: more of it is worth showing
  try {
    const info = await stat(file);
    if (info.isDirectory())
      throw new NQueensError(`cannot read ${name}: it is a directory`, "unreadable-input");
    if (info.isFile() && info.size > MAX_INPUT_BYTES) throw tooLarge(name);
    return await readLimited(createReadStream(file), name);
  } catch (e) {
    if (e instanceof NQueensError) throw e;
    const code = (e as NodeJS.ErrnoException).code;
    if (code === "ENOENT")
      throw new NQueensError(`cannot read ${name}: no such file`, "unreadable-input");
    if (code === "EISDIR")
      throw new NQueensError(`cannot read ${name}: it is a directory`, "unreadable-input");
    if (code === "EACCES")
      throw new NQueensError(`cannot read ${name}: permission denied`, "unreadable-input");
    throw new NQueensError(
      `cannot read ${name}: ${(e as Error).message.split("\n")[0]}`,
      "unreadable-input",
    );
  }
}
