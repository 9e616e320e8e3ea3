/**
 * Checkpoint files: a durable, append-only record of finished sub-problems, to resume a count.
 *
 * Format (text, one record per line, each line ending in "\n"):
 *
 *   nqueens-count-checkpoint 1 n=17 split=constellations-1/17/0a1b2c3d subproblems=4319 crc=<8 hex>
 *   <id> <count> <fixed180> <fixed90> <8 hex>
 *   ...
 *
 * The header's crc is the CRC-32 of the header text before " crc="; each record's is the CRC-32 of
 * `<split>|<id> <count> <fixed180> <fixed90>`, so a record copied from another split fails too.
 * A CRC guards against accidents only (a torn write, a bad disk, a line pasted from another
 * file): anyone who edits the file can compute a correct one.
 *
 * With a key (`secret`, the same `--secret` or NQUEENS_SECRET as the queue's) the records are
 * also tagged, and a line without a valid tag is refused, whatever its CRC:
 *
 *   nqueens-count-checkpoint 1 n=17 split=... subproblems=4319 mac=<32 hex> crc=<8 hex>
 *   <id> <count> <fixed180> <fixed90> <32 hex> <8 hex>
 *
 * The tags are 128-bit HMAC-SHA256 under `HMAC(secret, "nqueens-checkpoint-1" NUL split)`: the
 * header's over n, the split and the sub-problem count, each record's over its id and counts.
 * A keyed checkpoint opened without the key, an unkeyed one opened with a key, and one written
 * under another secret are all refused (a key in use accepts only records it tagged).
 * The header is written to a temporary file that is renamed into place (a new checkpoint is either
 * absent or has its full header). Records are appended (O_APPEND) with one write and an fsync
 * per batch: at most every second, or at once when results come slower than that.
 * A last line without its "\n" (cut by kill -9 or a power loss) is ignored and cut off before the
 * next append. Anything else that does not check out (another n, another split, a bad line, an
 * id out of range, one id with two different results) makes `openCheckpoint` throw an
 * NQueensError and leaves the file as it was. A file is read in chunks, a line at a time, never
 * whole: one past MAX_CHECKPOINT_BYTES (16 MiB, limits.ts) is refused by its size before it is
 * read, and a line longer than any record as damaged, so a hostile file costs what it holds.
 *
 * The path must name a regular file or nothing yet: a directory, a FIFO, a device (/dev/full) or
 * a socket is refused at once, before anything is created or opened (a FIFO would block the read).
 *
 * One count at a time on a file, whatever its name (a symbolic or a hard link): see
 * checkpoint-lock.ts.
 *
 * A write that fails for the device's fault (a full disk, a quota, EIO) throws {@link WriteFailed}
 * naming the file: at the start nothing is left behind (no lock, no temporary file, no empty
 * lock); during the count the file is cut back to its last whole, fsynced record, so that it
 * resumes from what it held.
 */

import { createHmac, timingSafeEqual } from "node:crypto";
import {
  closeSync,
  fstatSync,
  fsyncSync,
  ftruncateSync,
  openSync,
  readSync,
  renameSync,
  type Stats,
  statSync,
  truncateSync,
  unlinkSync,
  writeFileSync,
  writeSync,
} from "node:fs";
import { dirname, resolve } from "node:path";
import { crc32 } from "node:zlib";
import { describeWriteError, NQueensError, shownPath, WriteFailed } from "../errors.js";
import { MAX_CHECKPOINT_BYTES } from "../limits.js";
import { type CheckpointLocks, lockCheckpoint, refuse, refuseWrite } from "./checkpoint-lock.js";
import type { SubResult } from "./constellations/split.js";
import { COUNT_METHODS } from "./method.js";

const MAGIC = "nqueens-count-checkpoint";
const FORMAT = 1;

const hex = (text: string) => (crc32(text) >>> 0).toString(16).padStart(8, "0");

/**
 * The shortest key accepted (as for the queue's secret, queue/secret.ts): a short one could be
 * found from any tagged line by trying guesses offline.
 */
const MIN_KEY_LENGTH = 16;

/** A checkpoint's key: tags lines of one split. */
export interface CheckpointKey {
  tag(text: string): string;
}

/**
 * Checks a secret for keying checkpoints and returns it; `what` names it in the message.
 * @throws NQueensError when it is shorter than {@link MIN_KEY_LENGTH} (never quoting it)
 */
export function checkKeySecret(secret: string, what = "secret"): string {
  if (secret.length < MIN_KEY_LENGTH) {
    throw new NQueensError(
      `${what} must be at least ${MIN_KEY_LENGTH} characters (this one has ${secret.length}); a short one can be guessed from any tagged line: make one with \`openssl rand -hex 16\``,
      "secret-invalid",
      { option: what, min: MIN_KEY_LENGTH },
    );
  }
  return secret;
}

/**
 * The key of checkpoints of split `version` under `secret`.
 * @throws NQueensError when the secret is shorter than {@link MIN_KEY_LENGTH} (never quoting it)
 */
export function checkpointKey(secret: string, version: string): CheckpointKey {
  checkKeySecret(secret);
  const key = createHmac("sha256", secret).update(`nqueens-checkpoint-1\0${version}`).digest();
  return {
    tag: (text) => createHmac("sha256", key).update(text).digest("hex").slice(0, 32),
  };
}

/** Whether `given` is the tag of `text` (compared in constant time). */
function tagged(key: CheckpointKey, text: string, given: string): boolean {
  return timingSafeEqual(Buffer.from(key.tag(text), "hex"), Buffer.from(given, "hex"));
}

/** The header line (without "\n") for a split; with a key, tagged. */
export function headerLine(
  n: number,
  version: string,
  subProblems: number,
  key?: CheckpointKey,
): string {
  let text = `${MAGIC} ${FORMAT} n=${n} split=${version} subproblems=${subProblems}`;
  if (key) text += ` mac=${key.tag(`header\0${text}`)}`;
  return `${text} crc=${hex(text)}`;
}

/** One record line (without "\n"); with a key, tagged. */
export function recordLine(version: string, id: number, r: SubResult, key?: CheckpointKey): string {
  let text = `${id} ${r.count} ${r.fixed180} ${r.fixed90}`;
  if (key) text += ` ${key.tag(`record\0${text}`)}`;
  return `${text} ${hex(`${version}|${text}`)}`;
}

/** Options of {@link openCheckpoint}. */
export interface CheckpointOptions {
  /**
   * Tag the records with a key made from this secret (at least 16 characters), and accept only
   * records it tagged. Without it the lines carry a CRC only, which catches accidents, not edits.
   * @default the secret given to {@link keyCheckpoint} for this path, if any
   */
  readonly secret?: string;
}

/** Secrets for checkpoint paths, for counts that open their checkpoint themselves. */
const pathSecrets = new Map<string, string>();

/**
 * Has every later {@link openCheckpoint} of `path` in this process use `secret` (the command's
 * `--secret` for `count --checkpoint`, whichever engine opens the file); returns the undo.
 * Checked at once (at least 16 characters).
 */
export function keyCheckpoint(path: string, secret: string): () => void {
  checkpointKey(secret, "");
  const where = resolve(path);
  pathSecrets.set(where, secret);
  return () => {
    if (pathSecrets.get(where) === secret) pathSecrets.delete(where);
  };
}

/** An open checkpoint: the results it holds, and an appender. */
export interface Checkpoint {
  readonly path: string;
  /** Results already recorded, by sub-problem id. */
  readonly results: ReadonlyMap<number, SubResult>;
  /** Queues a result; it is written at the next `flush` (or when the batch is due). */
  append(id: number, r: SubResult): void;
  /** Writes and fsyncs the queued results. */
  flush(): void;
  /** Flushes and closes the file. */
  close(): void;
}

/** How often queued results are written at most, unless the batch fills first. */
const FLUSH_MS = 1000;
const FLUSH_LINES = 512;

/** What a file that is not a regular file is, for the message. */
function kindOf(stats: Stats): string {
  if (stats.isDirectory()) return "a directory";
  if (stats.isFIFO()) return "a FIFO (named pipe)";
  if (stats.isCharacterDevice()) return "a character device";
  if (stats.isBlockDevice()) return "a block device";
  if (stats.isSocket()) return "a socket";
  return "not a regular file";
}

/**
 * Checks that `path` can be a checkpoint: a regular file, or nothing yet (it is then created).
 * Reads only the file's type: nothing is created, opened or changed.
 * @throws NQueensError naming the path when it is a directory, a FIFO, a device or a socket
 * @example checkCheckpointPath("/dev/full") // throws: checkpoint /dev/full is a character device, ...
 */
export function checkCheckpointPath(path: string): void {
  let stats: Stats | undefined;
  try {
    stats = statSync(path);
  } catch {
    return; // absent (created later), or unreadable: openCheckpoint says why
  }
  if (!stats.isFile()) {
    const kind = kindOf(stats);
    throw new NQueensError(
      `checkpoint ${shownPath(path)} is ${kind === "not a regular file" ? kind : `${kind}, not a regular file`}; refusing to use it`,
      "checkpoint-unusable",
      { file: path },
    );
  }
}

/**
 * Opens (or creates) the checkpoint at `path` for a count of n with the given split.
 * @throws NQueensError when the path is not a regular file (checked first, nothing created),
 *   when the file cannot be read or written, is for another n or split, or is damaged; the file
 *   is then left untouched.
 */
export function openCheckpoint(
  path: string,
  n: number,
  version: string,
  subProblems: number,
  options: CheckpointOptions = {},
): Checkpoint {
  const secret = options.secret ?? pathSecrets.get(resolve(path));
  const key = secret === undefined ? undefined : checkpointKey(secret, version);
  checkCheckpointPath(path);
  const locks = lockCheckpoint(path);
  try {
    return open({ path, ...locks }, { n, version, subProblems, key });
  } catch (e) {
    locks.unlock();
    throw e;
  }
}

/**
 * The results an existing checkpoint holds, read without changing anything: no lock taken, no
 * header written, no cut last line cut (a count may still be appending: its whole lines are
 * read). For adding the parts of a count up (parts.ts), whose files are only read.
 * @throws NQueensError when the path is not a regular file, does not exist, is empty, cannot be
 *   read, is for another n or split, or is damaged (as {@link openCheckpoint} refuses it)
 */
export function readCheckpoint(
  path: string,
  n: number,
  version: string,
  subProblems: number,
  options: CheckpointOptions = {},
): ReadonlyMap<number, SubResult> {
  const secret = options.secret ?? pathSecrets.get(resolve(path));
  const key = secret === undefined ? undefined : checkpointKey(secret, version);
  checkCheckpointPath(path);
  const expect = { n, version, subProblems, key };
  const results = new Map<number, SubResult>();
  const read = readRecords(path, path, headerLine(n, version, subProblems, key), expect, results);
  if (read === undefined) refuse(path, "does not exist");
  if (read.size === 0) refuse(path, "is empty");
  return results;
}

/** What a checkpoint's header must say: the count it belongs to. */
interface Expected {
  readonly n: number;
  readonly version: string;
  readonly subProblems: number;
  readonly key: CheckpointKey | undefined;
}

/**
 * Creates a new checkpoint file `file` holding only its header: header first, atomically (`path`
 * names it in messages).
 */
function createFile(path: string, file: string, header: string): void {
  const temp = `${file}.${process.pid}.tmp`;
  try {
    writeFileSync(temp, `${header}\n`, { flag: "wx" });
    const fd = openSync(temp, "r");
    fsyncSync(fd);
    closeSync(fd);
    renameSync(temp, file);
    syncDirectory(file);
  } catch (e) {
    try {
      unlinkSync(temp);
    } catch {}
    refuseWrite(path, "cannot be created", e);
  }
}

/** The bytes read from a checkpoint at a time. */
const CHUNK_BYTES = 64 * 1024;

/**
 * The longest line a checkpoint's lines can be (a keyed header is about 130 characters, a record
 * at most about 110): a longer one is damaged, and is refused before more of it is kept.
 */
const MAX_LINE = 256;

/** What {@link readRecords} read: the bytes of the file's complete lines, and of the whole file. */
interface Read {
  readonly keep: number;
  readonly size: number;
}

/**
 * Reads the existing checkpoint `file` (`path` names it in messages) in chunks, checking its
 * header and every complete record as it comes (refusing the file at the first fault), and puts
 * the records into `results`; undefined when there is no file. Never the whole file at once: a
 * file past {@link MAX_CHECKPOINT_BYTES} is refused by its size, a line past {@link MAX_LINE}
 * as damaged, so that what a hostile file costs is the results it holds, not its size.
 */
function readRecords(
  path: string,
  file: string,
  header: string,
  expect: Expected,
  results: Map<number, SubResult>,
): Read | undefined {
  let fd: number;
  try {
    fd = openSync(file, "r");
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === "ENOENT") return undefined;
    refuse(path, `cannot be read (${code ?? (e as Error).message})`);
  }
  try {
    if (fstatSync(fd).size > MAX_CHECKPOINT_BYTES) tooLarge(path);
    const buffer = Buffer.allocUnsafe(CHUNK_BYTES);
    let size = 0;
    let keep = 0; // bytes of complete lines
    let no = 0; // complete lines so far
    let line = ""; // the line being read, up to MAX_LINE characters
    for (;;) {
      const got = readChunk(path, fd, buffer);
      if (got === 0) break;
      size += got;
      if (size > MAX_CHECKPOINT_BYTES) tooLarge(path); // it grew since its size was read
      const text = buffer.toString("latin1", 0, got);
      let at = 0;
      for (let end = text.indexOf("\n"); end !== -1; end = text.indexOf("\n", at)) {
        line += text.slice(at, end);
        no++;
        checkLine(path, no, line, header, expect, results);
        keep += line.length + 1;
        line = "";
        at = end + 1;
      }
      line += text.slice(at);
      if (line.length > MAX_LINE) {
        if (no === 0) refuseHeader(path, line, expect);
        refuse(path, `is damaged at line ${no + 1}`);
      }
    }
    // A last line without its "\n" is ignored (cut by kill -9): only the header is needed.
    if (no === 0 && size > 0) refuse(path, "has no complete header line");
    return { keep, size };
  } finally {
    closeSync(fd);
  }
}

/** Reads the next chunk of an open checkpoint into `buffer`: the bytes read, 0 at the end. */
function readChunk(path: string, fd: number, buffer: Buffer): number {
  try {
    return readSync(fd, buffer, 0, buffer.length, null);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === "EISDIR") refuse(path, "is a directory");
    refuse(path, `cannot be read (${code ?? (e as Error).message})`);
  }
}

/** Refuses a checkpoint past {@link MAX_CHECKPOINT_BYTES}, before reading it. */
function tooLarge(path: string): never {
  refuse(
    path,
    `is larger than ${MAX_CHECKPOINT_BYTES / 2 ** 20} MiB, the limit for a checkpoint (a count's is at most about 8 MB): not a checkpoint of this count`,
  );
}

/**
 * Checks line `no` (from 1) of a checkpoint: the header this count expects, then records (with a
 * valid CRC, and MAC with a key, an id in the split, and one result per id), put into `results`.
 */
function checkLine(
  path: string,
  no: number,
  line: string,
  header: string,
  expect: Expected,
  results: Map<number, SubResult>,
): void {
  if (no === 1) {
    if (line !== header) refuseHeader(path, line, expect);
    return;
  }
  const { version, subProblems, key } = expect;
  const m = key
    ? /^(\d+) (\d+) (\d+) (\d+) ([0-9a-f]{32}) ([0-9a-f]{8})$/.exec(line)
    : /^(\d+) (\d+) (\d+) (\d+) ([0-9a-f]{8})$/.exec(line);
  if (m === null) refuse(path, `is damaged at line ${no}`);
  const id = Number(m[1]);
  const r: SubResult = { count: Number(m[2]), fixed180: Number(m[3]), fixed90: Number(m[4]) };
  const text = line.slice(0, line.lastIndexOf(" "));
  if (hex(`${version}|${text}`) !== m[key ? 6 : 5] || id >= subProblems) {
    refuse(path, `is damaged at line ${no}`);
  }
  if (key && !tagged(key, `record\0${m[1]} ${m[2]} ${m[3]} ${m[4]}`, m[5])) {
    refuse(
      path,
      `has a record that fails its MAC at line ${no} (forged, or written with another secret)`,
    );
  }
  if (recordLine(version, id, r, key) !== line) refuse(path, `is damaged at line ${no}`);
  const before = results.get(id);
  if (
    before !== undefined &&
    (before.count !== r.count || before.fixed180 !== r.fixed180 || before.fixed90 !== r.fixed90)
  ) {
    refuse(path, `records two different results for sub-problem ${id} (line ${no})`);
  }
  results.set(id, r);
}

/** Refuses a checkpoint whose header line `first` is not the one this count expects: why. */
function refuseHeader(path: string, first: string, expect: Expected): never {
  const { n, version, key } = expect;
  const m =
    /^nqueens-count-checkpoint (\d+) n=(\d+) split=(\S+) subproblems=(\d+)( mac=[0-9a-f]{32})? crc=([0-9a-f]{8})$/.exec(
      first,
    );
  if (m === null || hex(first.slice(0, first.lastIndexOf(" crc="))) !== m[6]) {
    refuse(path, "is not an nqueens count checkpoint or its header is damaged");
  }
  if (Number(m[2]) !== n) refuse(path, `is for n=${m[2]}, not n=${n}`);
  if (m[3] !== version) refuseSplit(path, m[3]!, version);
  if (m[5] !== undefined && !key) {
    refuse(path, "is keyed (written with a secret): give the same secret", "keyed");
  }
  if (m[5] === undefined && key) {
    refuse(
      path,
      "has no key (written without a secret) but one is in use, which accepts only records it tagged: resume it without the secret, or start a new checkpoint",
      "unkeyed",
    );
  }
  // The header checks out (its CRC) and names this n and split, yet is not this count's: its
  // other fields were changed, or (keyed) its MAC is another secret's.
  if (m[1] !== String(FORMAT)) refuse(path, `is in format ${m[1]}; this version reads ${FORMAT}`);
  if (Number(m[4]) !== expect.subProblems) {
    refuse(
      path,
      `says its split has ${m[4]} sub-problems, not ${expect.subProblems} (its header was edited)`,
    );
  }
  if (m[5] === undefined) refuse(path, "has a header that does not match this count's (edited)");
  refuse(path, "was written with another secret (its header fails its MAC)");
}

/**
 * Refuses a checkpoint of another split (`theirs`); one of the other method's, which that method
 * would read, says which (`method`: a caller names its option).
 */
function refuseSplit(path: string, theirs: string, ours: string): never {
  const why = `was written by another split (${theirs}; this version uses ${ours})`;
  const method = COUNT_METHODS.find((m) => m !== "auto" && theirs.startsWith(`${m}-`));
  if (method === undefined || ours.startsWith(`${method}-`)) refuse(path, why);
  refuse(path, `${why}: it was counted by method "${method}"`, "method", method);
}

/** Where an open checkpoint is and its locks: `path` as given, `file` with links resolved. */
interface Place extends CheckpointLocks {
  readonly path: string;
}

function open(place: Place, expect: Expected): Checkpoint {
  const { path, file } = place;
  const { version, key } = expect;
  const header = headerLine(expect.n, version, expect.subProblems, key);
  const results = new Map<number, SubResult>();
  const read = readRecords(path, file, header, expect, results);
  if (read === undefined || read.size === 0) createFile(path, file, header);
  // Before anything is changed: another name of this file (a hard link) meets this lock.
  place.lockIdentity();

  let fd: number;
  let size: number; // bytes of whole records, fsynced
  try {
    // Cut a partial last line so that the next record starts on a line of its own.
    if (read !== undefined && read.size > read.keep) truncateSync(file, read.keep);
    // O_APPEND: each batch lands whole at the end, even if another process appends too.
    fd = openSync(file, "a");
    fsyncSync(fd);
    size = fstatSync(fd).size;
  } catch (e) {
    refuseWrite(path, "cannot be opened for writing", e);
  }
  let pending: string[] = [];
  let lastFlush = Date.now();
  let closed = false;
  let failed = false;

  const flush = () => {
    if (pending.length === 0 || closed || failed) return;
    const buffer = Buffer.from(`${pending.join("\n")}\n`, "latin1");
    pending = [];
    try {
      let written = 0;
      while (written < buffer.length) written += writeSync(fd, buffer, written);
      fsyncSync(fd);
    } catch (e) {
      failed = true;
      try {
        ftruncateSync(fd, size); // back to the last whole record: the file resumes as it was
      } catch {}
      throw new WriteFailed(
        `checkpoint ${shownPath(path)} cannot be written: ${describeWriteError(e)}; what it recorded before is kept, to resume from`,
        path,
      );
    }
    size += buffer.length;
    lastFlush = Date.now();
  };

  return {
    path,
    results,
    append(id, r) {
      pending.push(recordLine(version, id, r, key));
      if (pending.length >= FLUSH_LINES || Date.now() - lastFlush >= FLUSH_MS) flush();
    },
    flush,
    close() {
      if (closed) return;
      try {
        flush();
      } finally {
        closed = true;
        try {
          closeSync(fd);
        } catch {}
        place.unlock();
      }
    },
  };
}

/** Makes a rename durable (best effort: not every platform can fsync a directory). */
function syncDirectory(path: string): void {
  try {
    const fd = openSync(dirname(path), "r");
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  } catch {}
}
