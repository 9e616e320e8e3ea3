/**
 * A checkpoint's locks (checkpoint.ts): one count at a time on a file, whatever its name. While a
 * checkpoint is open, `<file>.lock` beside the file itself (symbolic links resolved) holds
 * "<pid> <host>", and so does a lock named by the file's identity (device and inode) in the
 * temporary folder, which a hard link (or any other name) meets too. A second open is refused
 * while that process lives; a lock left by a process that died (kill -9) is taken over. A lock
 * from another host cannot be checked and is refused, naming the file to delete once that
 * process is known to be gone. A lock that cannot be written whole (a full disk) is removed
 * again: never an empty lock left behind.
 */
import {
  closeSync,
  openSync,
  readFileSync,
  readlinkSync,
  realpathSync,
  statSync,
  unlinkSync,
  writeSync,
} from "node:fs";
import { hostname, tmpdir } from "node:os";
import { basename, dirname, join, resolve } from "node:path";
import {
  describeWriteError,
  isWriteFault,
  NQueensError,
  shownPath,
  WriteFailed,
} from "../errors.js";

/**
 * Refuses the checkpoint at `path`, saying why (one line, the file left as it was); `reason`
 * tells apart the refusals a caller words its own way (`keyed`, `unkeyed`: the secret;
 * `method`: the file is of the method `value`).
 */
export function refuse(
  path: string,
  why: string,
  reason?: "keyed" | "unkeyed" | "method",
  value?: string,
): never {
  throw new NQueensError(
    `checkpoint ${shownPath(path)} ${why}; refusing to use it (the file is unchanged)`,
    "checkpoint-unusable",
    reason === undefined
      ? { file: path }
      : reason === "method"
        ? { file: path, option: "method", value, reason }
        : { file: path, option: "secret", reason },
  );
}

/**
 * Refuses `path` after a failed write: the device's fault (a full disk) as {@link WriteFailed},
 * anything else (no permission, a read-only file system) as {@link refuse} does.
 */
export function refuseWrite(path: string, what: string, e: unknown): never {
  if (isWriteFault(e)) {
    throw new WriteFailed(
      `checkpoint ${shownPath(path)} ${what}: ${describeWriteError(e)}; the file is unchanged`,
      path,
    );
  }
  refuse(path, `${what} (${(e as NodeJS.ErrnoException).code ?? e})`);
}

/** A checkpoint's locks: the file's real name, the lock by its identity, and the release. */
export interface CheckpointLocks {
  /** The path with every symbolic link resolved: the name the file is read and written by. */
  readonly file: string;
  /** Takes the lock by the file's identity, once the file exists; refuses when it is held. */
  readonly lockIdentity: () => void;
  /** Releases every lock taken. */
  readonly unlock: () => void;
}

/**
 * Takes the lock beside the checkpoint at `path` (links resolved) for this process, or refuses;
 * returns the real name, the identity lock to take once the file exists, and the release.
 * @throws NQueensError naming `path` when another count holds it; WriteFailed on a full disk
 */
export function lockCheckpoint(path: string): CheckpointLocks {
  const file = realPath(path);
  const releases = [lock(path, `${file}.lock`)];
  return {
    file,
    lockIdentity: () => {
      releases.push(lock(path, identityLock(file)));
    },
    unlock: () => {
      for (const release of releases.splice(0).reverse()) release();
    },
  };
}

/**
 * `path` with every symbolic link resolved, also when the file is not there yet (a link to a file
 * not made yet is followed by hand): the name the checkpoint is read, written and locked by.
 */
function realPath(path: string): string {
  try {
    return realpathSync(path);
  } catch {}
  let p = resolve(path);
  for (let hops = 0; hops < 40; hops++) {
    let target: string;
    try {
      target = readlinkSync(p);
    } catch {
      break; // not a link, or not there
    }
    p = resolve(dirname(p), target);
  }
  try {
    return join(realpathSync(dirname(p)), basename(p));
  } catch {
    return p; // no such folder: locking says so
  }
}

/**
 * The lock of an existing file by its identity (device and inode), in the temporary folder:
 * every name of the file, a hard link's too, meets this one lock.
 */
function identityLock(file: string): string {
  const s = statSync(file, { bigint: true });
  return join(tmpdir(), `nqueens-checkpoint-${s.dev}-${s.ino}.lock`);
}

/** Whether a process of this host is running (or exists under another user). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Creates the lock `file` holding `mine`, or returns false when it exists. A lock that cannot
 * be written whole (a full disk) is removed again, never left empty.
 */
function createLock(path: string, file: string, mine: string): boolean {
  let fd: number;
  try {
    fd = openSync(file, "wx");
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === "EEXIST") return false;
    if (code === "ENOENT") refuse(path, "cannot be created (ENOENT: no such directory)");
    refuseWrite(path, `cannot be locked: ${shownPath(file)}`, e);
  }
  let open = true;
  try {
    const text = Buffer.from(mine);
    if (writeSync(fd, text) !== text.length) {
      throw Object.assign(new Error("ENOSPC: short write"), { code: "ENOSPC" });
    }
    open = false;
    closeSync(fd);
  } catch (e) {
    if (open) {
      try {
        closeSync(fd);
      } catch {}
    }
    try {
      unlinkSync(file);
    } catch {}
    refuseWrite(path, `cannot be locked: ${shownPath(file)}`, e);
  }
  return true;
}

/** Takes the lock `file` for this process, or refuses `path`; returns the release. */
function lock(path: string, file: string): () => void {
  const mine = `${process.pid} ${hostname()}\n`;
  for (let attempt = 0; attempt < 3; attempt++) {
    if (createLock(path, file, mine)) {
      return () => {
        try {
          if (readFileSync(file, "utf8") === mine) unlinkSync(file);
        } catch {}
      };
    }
    const stats = statSync(file, { throwIfNoEntry: false });
    if (stats === undefined) continue; // released meanwhile: try again
    // Something else in the lock's place (a FIFO would block the read below).
    if (!stats.isFile()) refuse(path, `cannot be locked: ${shownPath(file)} is not a regular file`);
    let holder: string;
    try {
      holder = readFileSync(file, "utf8").trim();
    } catch {
      continue; // released meanwhile: try again
    }
    const [pidText = "", host = ""] = holder.split(" ");
    const pid = Number(pidText);
    if (host !== hostname() && Number.isInteger(pid) && pid > 0) {
      refuse(
        path,
        `is locked by process ${pid} on ${host} (${file}); delete that file once that count has stopped`,
      );
    }
    if (Number.isInteger(pid) && pid > 0 && alive(pid)) {
      refuse(path, `is in use by process ${pid}, a count that is still running (${file})`);
    }
    try {
      unlinkSync(file); // left by a process that died: take it over
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code !== "ENOENT") {
        refuse(
          path,
          `cannot be locked: ${shownPath(file)} is left by a count that stopped, and cannot be removed (${code ?? e}): delete it`,
        );
      }
    }
  }
  refuse(path, `cannot be locked: ${shownPath(file)} keeps changing`);
}
