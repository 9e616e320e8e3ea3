/**
 * Reading a board from a file or standard input: at most {@link MAX_INPUT_BYTES}, refused as soon
 * as that is passed (never read whole first), with one-line errors.
 */
import { createReadStream } from "node:fs";
import { open, stat } from "node:fs/promises";
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
 * bytes (the rest is never read). The chunks are copied into one buffer as they come (it
 * doubles when full), so the input costs that buffer and its text, never a list of chunks and
 * their concatenation beside them.
 */
async function readLimited(
  stream: NodeJS.ReadableStream,
  where: string,
  limit = MAX_INPUT_BYTES,
): Promise<string> {
  let bytes: Buffer = Buffer.allocUnsafe(64 * 1024);
  let size = 0;
  for await (const chunk of stream) {
    const b = typeof chunk === "string" ? Buffer.from(chunk) : (chunk as Buffer);
    if (size + b.length > limit) {
      (stream as NodeJS.ReadableStream & { destroy?: () => void }).destroy?.();
      throw tooLarge(where);
    }
    if (size + b.length > bytes.length) bytes = grown(bytes, size, size + b.length, limit);
    b.copy(bytes, size);
    size += b.length;
  }
  return bytes.toString("utf8", 0, size);
}

/** A buffer of at least `need` bytes (doubled, at most `limit`) holding the first `used` of `bytes`. */
function grown(bytes: Buffer, used: number, need: number, limit: number): Buffer {
  const more = Buffer.allocUnsafe(Math.max(need, Math.min(2 * bytes.length, limit)));
  bytes.copy(more, 0, 0, used);
  return more;
}

/** The bytes read from a file at a time. */
const READ_BYTES = 64 * 1024;

/**
 * Reads a regular file of `size` bytes (from stat) as UTF-8 text into one buffer of its size,
 * without chunks: the bytes and the text, no third copy. A file that grew past the limit since
 * its stat is refused as {@link readLimited} refuses it.
 */
async function readFileLimited(file: string, size: number, where: string): Promise<string> {
  const handle = await open(file, "r");
  try {
    // One byte more than stat said, to see a file that grew.
    let bytes: Buffer = Buffer.allocUnsafe(Math.min(size, MAX_INPUT_BYTES) + 1);
    let length = 0;
    for (;;) {
      if (length === bytes.length) {
        if (length > MAX_INPUT_BYTES) throw tooLarge(where);
        bytes = grown(bytes, length, length + 1, MAX_INPUT_BYTES + 1);
      }
      const { bytesRead } = await handle.read(
        bytes,
        length,
        Math.min(bytes.length - length, READ_BYTES),
        null,
      );
      if (bytesRead === 0) break;
      length += bytesRead;
    }
    if (length > MAX_INPUT_BYTES) throw tooLarge(where);
    return bytes.toString("utf8", 0, length);
  } finally {
    await handle.close();
  }
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
    if (info.isFile()) return await readFileLimited(file, info.size, name);
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
