/**
 * Test support: the project's shared data (the OEIS counts, the published completion instances),
 * which is not in the repository. It is read from the data/ folder of the project's shared/,
 * which sits beside the repository (../shared/data from its root, found from this file, not from
 * the working directory), or from the folder that NQUEENS_SHARED_DATA names. The tests and the
 * benchmark scripts read it through here, so a clone without it fails with one line that says
 * where it looked and what to do. (src/dev/gpu-bench.ts, which runs on a bare GPU host, looks
 * for the counts on its own and goes on without them.)
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";

/** The variable that names the shared data folder instead of ../shared/data. */
const SHARED_DATA_ENV = "NQUEENS_SHARED_DATA";

/** The shared data folder: $NQUEENS_SHARED_DATA when set, else ../shared/data beside the repository. */
function sharedDataDir(): string {
  const named = process.env[SHARED_DATA_ENV];
  if (named !== undefined && named !== "") return resolve(named);
  return fileURLToPath(new URL("../../../shared/data", import.meta.url));
}

/**
 * Reads `file`, a path inside the shared data folder, as JSON; `what` names it in the error.
 * @throws Error naming the path looked at and NQUEENS_SHARED_DATA when the file is not there
 * @example readSharedJson("known-counts.json", "known counts")
 * // Error: known counts not found at /x/shared/data/known-counts.json: put the project's
 * //   shared/ folder beside the repository or set NQUEENS_SHARED_DATA
 */
export function readSharedJson(file: string, what: string): unknown {
  const path = resolve(sharedDataDir(), file);
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code !== "ENOENT" && code !== "ENOTDIR") throw e;
    throw new Error(
      `${what} not found at ${path}: put the project's shared/ folder beside the repository or set ${SHARED_DATA_ENV}`,
    );
  }
  return JSON.parse(text);
}
