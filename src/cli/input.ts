/** Reading a board from a file or standard input, with one-line errors. */
import { readFile } from "node:fs/promises";
import { NQueensError } from "../errors.js";

/** Reads all of standard input as text. */
export async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

/** Reads FILE, or standard input when the name is `-` or missing. Errors name the file. */
export async function readInput(file: string | undefined): Promise<string> {
  if (file === undefined || file === "-") return readStdin();
  try {
    return await readFile(file, "utf8");
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === "ENOENT") throw new NQueensError(`cannot read ${file}: no such file`);
    if (code === "EISDIR") throw new NQueensError(`cannot read ${file}: it is a directory`);
    if (code === "EACCES") throw new NQueensError(`cannot read ${file}: permission denied`);
    throw new NQueensError(`cannot read ${file}: ${(e as Error).message}`);
  }
}
