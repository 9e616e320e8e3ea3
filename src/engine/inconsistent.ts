/**
 * Results whose counts cannot all be right: a sub-problem whose rotation-fixed counts do not
 * divide as its symmetry says (tally.ts), or a join whose total and fixed counts do not add up to a
 * multiple of 8 (join/tasks.ts). Counted here, that is a bug, and it stays an internal error; read
 * from checkpoint files (a record edited with a fresh CRC, a part counted by a faulty machine), it
 * is the files' fault, and the caller that read them says so with {@link recordsWrong}.
 */
import { NQueensError } from "../errors.js";

/** Counts that do not add up (thrown where they are added; an internal error until a file is named). */
export class InconsistentCounts extends Error {}

/**
 * `e` as the files' fault when it is {@link InconsistentCounts} and results came from `files`: an
 * NQueensError naming them and what to do; any other error as it is.
 */
export function recordsWrong(e: unknown, files: readonly string[]): unknown {
  if (!(e instanceof InconsistentCounts) || files.length === 0) return e;
  const which =
    files.length === 1
      ? `the checkpoint ${files[0]}`
      : `one of the checkpoints ${files.join(", ")}`;
  const again =
    files.length === 1 ? "count again into a new checkpoint file" : "count the parts again";
  return new NQueensError(
    `${e.message}: a record in ${which} is wrong (edited, or counted by a faulty machine); ${again}`,
    "records-inconsistent",
    { file: files.join(" ") },
  );
}
