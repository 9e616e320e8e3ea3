import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import {
  appendFileSync,
  existsSync,
  linkSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  truncateSync,
  writeFileSync,
} from "node:fs";
import { hostname, tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, test } from "node:test";
import { fileURLToPath } from "node:url";
import { crc32 } from "node:zlib";
import { NQueensError, WriteFailed } from "../errors.js";
import { MAX_CHECKPOINT_BYTES } from "../limits.js";
import { known } from "../testing/known-counts.js";
import { nqueens } from "../testing/run-cli.js";
import {
  checkCheckpointPath,
  checkpointKey,
  headerLine,
  keyCheckpoint,
  openCheckpoint,
  readCheckpoint,
  recordLine,
} from "./checkpoint.js";
import { countFast } from "./constellations/count.js";
import { split, splitVersion } from "./constellations/split.js";
import { solveSubProblem } from "./kernel.js";

const dir = mkdtempSync(join(tmpdir(), "nqueens-ckpt-"));
after(() => rmSync(dir, { recursive: true, force: true }));
let serial = 0;
const fresh = () => join(dir, `c${serial++}.ckpt`);

const N = 12;
const V = splitVersion(N);
const SIZE = split(N).length;
const result = (id: number) => solveSubProblem(N, split(N)[id]);

/** The lock a checkpoint's file takes by its identity (device and inode). */
function identityLockOf(path: string): string {
  const s = statSync(path, { bigint: true });
  return join(tmpdir(), `nqueens-checkpoint-${s.dev}-${s.ino}.lock`);
}

/** Expects openCheckpoint to refuse `path` with a message matching `why`, leaving it unchanged. */
function refused(path: string, why: RegExp, n = N, version = V, size = SIZE) {
  const before = readFileSync(path);
  assert.throws(
    () => openCheckpoint(path, n, version, size),
    (e) => e instanceof NQueensError && why.test(e.message) && !e.message.includes("\n"),
  );
  assert.deepEqual(readFileSync(path), before);
}

describe("checkpoint files", () => {
  test("a new file holds its header; records come back after reopening", () => {
    const path = fresh();
    const c = openCheckpoint(path, N, V, SIZE);
    assert.equal(c.results.size, 0);
    assert.equal(readFileSync(path, "utf8"), `${headerLine(N, V, SIZE)}\n`);
    c.append(3, result(3));
    c.append(700, result(700));
    c.close();
    const again = openCheckpoint(path, N, V, SIZE);
    assert.deepEqual([...again.results.keys()], [3, 700]);
    assert.deepEqual(again.results.get(700), result(700));
    again.close();
  });

  test("a line cut at the end is ignored and cut off before the next record", () => {
    const path = fresh();
    const c = openCheckpoint(path, N, V, SIZE);
    c.append(1, result(1));
    c.close();
    appendFileSync(path, recordLine(V, 2, result(2)).slice(0, 7)); // kill -9 mid-write
    const again = openCheckpoint(path, N, V, SIZE);
    assert.deepEqual([...again.results.keys()], [1]);
    again.append(5, result(5));
    again.close();
    const lines = readFileSync(path, "utf8").split("\n");
    assert.deepEqual(lines.slice(1), [
      recordLine(V, 1, result(1)),
      recordLine(V, 5, result(5)),
      "",
    ]);
  });

  test("refuses another n, another split, or a file that is not a checkpoint", () => {
    const path = fresh();
    openCheckpoint(path, 11, splitVersion(11), split(11).length).close();
    refused(path, /is for n=11, not n=12/);
    const other = fresh();
    writeFileSync(other, `${headerLine(N, "constellations-0/12/00000000", SIZE)}\n`);
    refused(other, /another split \(constellations-0\/12\/00000000/);
    const text = fresh();
    writeFileSync(text, "hello\n");
    refused(text, /not an nqueens count checkpoint/);
    const cut = fresh();
    writeFileSync(cut, headerLine(N, V, SIZE).slice(0, 20));
    refused(cut, /no complete header/);
  });

  test("an unkeyed header edited with a correct CRC is named for what was changed, not a secret", () => {
    /** The header with `from` changed to `to` and its CRC made right again. */
    const edited = (from: string, to: string) => {
      const text = headerLine(N, V, SIZE)
        .replace(/ crc=[0-9a-f]{8}$/, "")
        .replace(from, to);
      const path = fresh();
      writeFileSync(path, `${text} crc=${(crc32(text) >>> 0).toString(16).padStart(8, "0")}\n`);
      return path;
    };
    const cases: [string, string, RegExp][] = [
      [
        `subproblems=${SIZE}`,
        `subproblems=${SIZE + 1}`,
        new RegExp(
          `says its split has ${SIZE + 1} sub-problems, not ${SIZE} \\(its header was edited\\); refusing`,
        ),
      ],
      ["checkpoint 1 ", "checkpoint 2 ", /is in format 2; this version reads 1; refusing/],
      [`n=${N}`, `n=0${N}`, /has a header that does not match this count's \(edited\); refusing/],
    ];
    for (const [from, to, why] of cases) {
      const path = edited(from, to);
      refused(path, why);
      assert.throws(
        () => openCheckpoint(path, N, V, SIZE),
        (e) => !/secret/.test(String(e)),
      );
    }
  });

  test("a file past MAX_CHECKPOINT_BYTES is refused by its size, in one line, before it is read", () => {
    const big = fresh();
    writeFileSync(big, `${headerLine(N, V, SIZE)}\n`);
    truncateSync(big, MAX_CHECKPOINT_BYTES + 1); // the header, then zeros: sparse, nothing written
    const why =
      /^checkpoint .* is larger than 16 MiB, the limit for a checkpoint \(a count's is at most about 8 MB\): not a checkpoint of this count; refusing to use it \(the file is unchanged\)$/;
    refused(big, why);
    assert.throws(
      () => readCheckpoint(big, N, V, SIZE),
      (e) => e instanceof NQueensError && e.code === "checkpoint-unusable" && why.test(e.message),
    );
    // At the limit it is read, line by line: the zeros after the header are a damaged line 2.
    truncateSync(big, MAX_CHECKPOINT_BYTES);
    refused(big, /is damaged at line 2; refusing/);
  });

  test("read in chunks: a line longer than any record, or only newlines, refused at its line", () => {
    const long = fresh();
    writeFileSync(long, `${headerLine(N, V, SIZE)}\n${"7".repeat(1_000_000)}`); // no "\n" at its end
    refused(long, /is damaged at line 2; refusing/);
    const header = fresh();
    writeFileSync(header, "n".repeat(200_000));
    refused(header, /is not an nqueens count checkpoint or its header is damaged/);
    const newlines = fresh();
    writeFileSync(newlines, "\n".repeat(1_000_000));
    refused(newlines, /is not an nqueens count checkpoint or its header is damaged/);
    // Records that cross the chunks' edges (64 KiB) are read whole: every record, written
    // over and over (one id twice with the same result is allowed).
    const many = fresh();
    const records = Array.from({ length: SIZE }, (_, id) => `${recordLine(V, id, result(id))}\n`);
    writeFileSync(many, `${headerLine(N, V, SIZE)}\n${records.join("").repeat(20)}`);
    assert.ok(statSync(many).size > 4 * 64 * 1024, "more than a few chunks");
    assert.equal(readCheckpoint(many, N, V, SIZE).size, SIZE);
  });

  test("refuses damaged records: bad checksum, id out of range, two different results", () => {
    const good = recordLine(V, 4, result(4));
    const cases: [string, RegExp][] = [
      [good.replace(/^4 (\d)/, (_, d) => `4 ${(Number(d) + 1) % 10}`), /damaged at line 2/],
      [recordLine(V, SIZE, result(4)), /damaged at line 2/],
      [recordLine(splitVersion(13), 4, result(4)), /damaged at line 2/],
      [`${good}\n${recordLine(V, 4, { count: 1, fixed180: 0, fixed90: 0 })}`, /two different/],
      ["", /damaged at line 2/],
    ];
    for (const [lines, why] of cases) {
      const path = fresh();
      writeFileSync(path, `${headerLine(N, V, SIZE)}\n${lines}\n`);
      refused(path, why);
    }
  });

  test("refuses a directory and an unwritable place", () => {
    assert.throws(() => openCheckpoint(dir, N, V, SIZE), /is a directory/);
    assert.ok(!existsSync(`${dir}.lock`), "no lock made beside the directory");
    assert.throws(
      () => openCheckpoint(join(dir, "no", "such.ckpt"), N, V, SIZE),
      /cannot be created/,
    );
  });
});

describe("a checkpoint path that is not a regular file", () => {
  /** A fresh folder with one thing in it, made by `make`; its listing afterwards. */
  function inFolder(
    make: (path: string) => boolean,
  ): { path: string; listing: () => string[] } | undefined {
    const place = mkdtempSync(join(dir, "kind-"));
    const path = join(place, "ckpt");
    if (!make(path)) return undefined;
    return { path, listing: () => readdirSync(place) };
  }
  const fifo = (path: string) => spawnSync("mkfifo", [path]).status === 0;
  const folder = (path: string) => {
    mkdirSync(path);
    return true;
  };

  const kinds: [string, (path: string) => boolean, string][] = [
    ["a FIFO", fifo, "is a FIFO (named pipe), not a regular file"],
    ["a directory", folder, "is a directory, not a regular file"],
  ];
  for (const [what, make, says] of kinds) {
    test(`${what} is refused at once, naming it, and nothing is created`, (t) => {
      const made = inFolder(make);
      if (!made) return t.skip(`cannot make ${what} here`);
      const message = `checkpoint ${made.path} ${says}; refusing to use it`;
      assert.throws(() => checkCheckpointPath(made.path), { message });
      assert.throws(() => openCheckpoint(made.path, N, V, SIZE), { message });
      assert.deepEqual(made.listing(), ["ckpt"]);
    });
  }

  test("/dev/full is refused without a lock beside it", (t) => {
    if (!existsSync("/dev/full")) return t.skip("no /dev/full here");
    assert.throws(
      () => openCheckpoint("/dev/full", N, V, SIZE),
      (e) =>
        e instanceof NQueensError && /checkpoint \/dev\/full is a character device/.test(e.message),
    );
    assert.ok(!existsSync("/dev/full.lock"));
  });

  test("a regular file, a missing one, and a link to a regular file pass", () => {
    const path = fresh();
    checkCheckpointPath(path); // missing: it will be created
    openCheckpoint(path, N, V, SIZE).close();
    checkCheckpointPath(path);
    const link = fresh();
    symlinkSync(path, link);
    checkCheckpointPath(link);
  });

  test("something that is not a file in the lock's place is refused, not read", (t) => {
    const path = fresh();
    openCheckpoint(path, N, V, SIZE).close();
    if (!fifo(`${path}.lock`)) return t.skip("mkfifo is not available");
    assert.throws(
      () => openCheckpoint(path, N, V, SIZE),
      /cannot be locked: .*\.lock is not a regular file/,
    );
  });
});

describe("one count at a time on a checkpoint", () => {
  const lockOf = (path: string) => `${path}.lock`;

  test("a second open is refused while the first is open, and allowed after it closes", () => {
    const path = fresh();
    const first = openCheckpoint(path, N, V, SIZE);
    first.append(5, result(5));
    first.flush();
    assert.equal(readFileSync(lockOf(path), "utf8"), `${process.pid} ${hostname()}\n`);
    refused(path, new RegExp(`is in use by process ${process.pid}, a count that is still running`));
    first.close();
    assert.ok(!existsSync(lockOf(path)), "closing removes the lock");
    const second = openCheckpoint(path, N, V, SIZE);
    assert.deepEqual([...second.results.keys()], [5]);
    second.close();
  });

  test("a lock left by a process that died is taken over", () => {
    const path = fresh();
    openCheckpoint(path, N, V, SIZE).close();
    const gone = spawnSync(process.execPath, ["-e", "process.exit(0)"]).pid;
    assert.ok(gone !== undefined);
    writeFileSync(lockOf(path), `${gone} ${hostname()}\n`);
    const c = openCheckpoint(path, N, V, SIZE);
    assert.equal(readFileSync(lockOf(path), "utf8"), `${process.pid} ${hostname()}\n`);
    c.close();
    assert.ok(!existsSync(lockOf(path)));
  });

  test("a lock from another host is refused and left alone, naming the file to delete", () => {
    const path = fresh();
    openCheckpoint(path, N, V, SIZE).close();
    writeFileSync(lockOf(path), "4242 elsewhere\n");
    refused(path, /is locked by process 4242 on elsewhere .*\.lock\); delete that file/);
    assert.equal(readFileSync(lockOf(path), "utf8"), "4242 elsewhere\n");
  });

  test("a refused checkpoint (another n) leaves no lock behind", () => {
    const path = fresh();
    openCheckpoint(path, N, V, SIZE).close();
    refused(path, /is for n=12, not n=11/, 11, splitVersion(11), split(11).length);
    assert.ok(!existsSync(lockOf(path)));
  });

  /** The message openCheckpoint refuses `path` with, `path` and the lock's name replaced. */
  function refusal(path: string): string {
    try {
      openCheckpoint(path, N, V, SIZE).close();
    } catch (e) {
      assert.ok(e instanceof NQueensError);
      return e.message.replace(path, "PATH").replace(/\(\/[^()]*\.lock\)/, "(LOCK)");
    }
    return assert.fail(`${path} was opened`);
  }

  test("one file under any name: a symbolic link and a hard link are refused as the path is", () => {
    const path = fresh();
    const soft = `${path}.soft`;
    const hard = `${path}.hard`;
    const first = openCheckpoint(path, N, V, SIZE);
    symlinkSync(path, soft);
    linkSync(path, hard);
    assert.equal(readFileSync(identityLockOf(path), "utf8"), `${process.pid} ${hostname()}\n`);
    const same = refusal(path);
    assert.equal(
      same,
      `checkpoint PATH is in use by process ${process.pid}, a count that is still running (LOCK); refusing to use it (the file is unchanged)`,
    );
    for (const other of [soft, hard]) {
      const before = readFileSync(path);
      assert.equal(refusal(other), same, other);
      assert.deepEqual(readFileSync(path), before);
    }
    assert.ok(!existsSync(lockOf(soft)) && !existsSync(lockOf(hard)), "no lock left by a refusal");
    first.close();
    assert.ok(!existsSync(identityLockOf(path)), "closing removes the identity lock");
    const again = openCheckpoint(hard, N, V, SIZE); // once the first has closed, any name opens
    assert.equal(refusal(soft), same);
    again.close();
    assert.ok(!existsSync(lockOf(hard)) && !existsSync(identityLockOf(hard)));
  });

  test("a symbolic link to a checkpoint not made yet makes it at the target, locked there", () => {
    const target = fresh();
    const soft = `${target}.soft`;
    symlinkSync(target, soft);
    const first = openCheckpoint(soft, N, V, SIZE);
    assert.ok(lstatSync(soft).isSymbolicLink(), "the link is left a link");
    assert.equal(readFileSync(target, "utf8"), `${headerLine(N, V, SIZE)}\n`);
    assert.ok(existsSync(lockOf(target)) && !existsSync(lockOf(soft)));
    assert.match(refusal(target), /is in use by process/);
    first.close();
  });
});

describe("a write that fails (a full disk)", () => {
  // A real failing write without root: RLIMIT_FSIZE (`ulimit -f`), which Node turns into EFBIG
  // (it ignores SIGXFSZ), in a child that appends until the file is at its limit.
  const checkpointModule = fileURLToPath(new URL("./checkpoint.ts", import.meta.url));
  const script = `
    import { openCheckpoint } from ${JSON.stringify(checkpointModule)};
    const c = openCheckpoint(process.argv[2], ${N}, ${JSON.stringify(V)}, ${SIZE});
    try {
      for (let id = 0; id < ${SIZE}; id++) {
        c.append(id, { count: id, fixed180: 0, fixed90: 0 });
        c.flush();
      }
      console.log(JSON.stringify({ finished: true }));
    } catch (e) {
      console.log(JSON.stringify({ name: e.constructor.name, message: e.message }));
    } finally {
      c.close();
    }`;

  test("throws WriteFailed naming the file; the file keeps its whole records and resumes", (t) => {
    const file = join(dir, "efbig.mts");
    writeFileSync(file, script);
    const path = fresh();
    const command = [process.execPath, "--import", "tsx", file, path];
    const r = spawnSync("sh", ["-c", 'ulimit -f 1 && exec "$@"', "sh", ...command], {
      cwd: fileURLToPath(new URL("../../", import.meta.url)),
      encoding: "utf8",
    });
    if (r.error || r.status !== 0) return t.skip(`sh with ulimit -f is not available: ${r.stderr}`);
    const out = JSON.parse(r.stdout) as { name?: string; message?: string };
    assert.deepEqual(out, {
      name: WriteFailed.name,
      message: `checkpoint ${path} cannot be written: the file is too large (EFBIG); what it recorded before is kept, to resume from`,
    });
    const text = readFileSync(path, "latin1");
    assert.ok(text.endsWith("\n"), "cut back to whole lines");
    const again = openCheckpoint(path, N, V, SIZE);
    const ids = [...again.results.keys()];
    again.close();
    assert.ok(ids.length > 0, "some records were written before the limit");
    assert.deepEqual(ids, [...ids.keys()], "the records flushed before, none after");
    assert.ok(!existsSync(`${path}.lock`) && !existsSync(identityLockOf(path)), "no lock left");
  });
});

describe("countFast with a checkpoint", () => {
  test("resumes: skips what is recorded and still gives the known counts", async () => {
    const [c] = known(14, 14);
    const path = fresh();
    const v = splitVersion(14);
    const list = split(14);
    // A previous run that finished every third sub-problem.
    const cp = openCheckpoint(path, 14, v, list.length);
    for (const sp of list) if (sp.id % 3 === 0) cp.append(sp.id, solveSubProblem(14, sp));
    cp.close();
    const r = await countFast(14, { workers: 2, checkpoint: path });
    assert.equal(r.resumed, Math.ceil(list.length / 3));
    assert.equal(r.workers, 2);
    assert.equal(r.total, c.total);
    assert.equal(r.unique, c.unique);
    // Now complete: a rerun counts nothing and starts no thread.
    const again = await countFast(14, { workers: 2, checkpoint: path });
    assert.equal(again.resumed, list.length);
    assert.equal(again.workers, 0);
    assert.equal(again.total, c.total);
    const lines = readFileSync(path, "utf8").trimEnd().split("\n");
    assert.equal(lines.length, 1 + list.length);
  });

  test("rejects with the checkpoint's message and leaves the file alone", async () => {
    const path = fresh();
    openCheckpoint(path, 11, splitVersion(11), split(11).length).close();
    const before = readFileSync(path);
    await assert.rejects(countFast(12, { checkpoint: path }), /is for n=11, not n=12/);
    await assert.rejects(countFast(15, { checkpoint: path }), /is for n=11, not n=15/);
    assert.deepEqual(readFileSync(path), before);
  });

  test("on the calling thread too (small n)", async () => {
    const path = fresh();
    const r = await countFast(10, { checkpoint: path });
    assert.equal(r.total, 724n);
    assert.equal(readFileSync(path, "utf8").trimEnd().split("\n").length, 1 + split(10).length);
    assert.equal((await countFast(10, { checkpoint: path })).resumed, split(10).length);
  });
});

describe("a keyed checkpoint (--secret)", () => {
  const SECRET = "checkpoint-secret-0123456789";
  const key = checkpointKey(SECRET, V);
  const crc = (text: string) => (crc32(text) >>> 0).toString(16).padStart(8, "0");
  /** A keyed checkpoint with sub-problems 1 and 2 recorded. */
  function keyed(): string {
    const path = fresh();
    const c = openCheckpoint(path, N, V, SIZE, { secret: SECRET });
    c.append(1, result(1));
    c.append(2, result(2));
    c.close();
    return path;
  }

  test("tags its header and records, and reads them back with the same secret", () => {
    const path = keyed();
    const lines = readFileSync(path, "utf8").trimEnd().split("\n");
    assert.equal(lines[0], headerLine(N, V, SIZE, key));
    assert.match(lines[0], / mac=[0-9a-f]{32} crc=[0-9a-f]{8}$/);
    assert.match(lines[1], /^1 \d+ \d+ \d+ [0-9a-f]{32} [0-9a-f]{8}$/);
    const again = openCheckpoint(path, N, V, SIZE, { secret: SECRET });
    assert.deepEqual([...again.results.keys()], [1, 2]);
    again.close();
  });

  test("a forged line with a correct CRC and no valid MAC is refused", () => {
    const path = keyed();
    // What someone without the secret can write: any counts, any tag, and the CRC over them.
    const text = `3 ${result(3).count + 100} 0 0 ${"ab".repeat(16)}`;
    appendFileSync(path, `${text} ${crc(`${V}|${text}`)}\n`);
    const before = readFileSync(path);
    assert.throws(
      () => openCheckpoint(path, N, V, SIZE, { secret: SECRET }),
      /fails its MAC at line 4 \(forged, or written with another secret\)/,
    );
    assert.deepEqual(readFileSync(path), before, "the file is left as it was");
  });

  test("an unkeyed line (its CRC correct) in a keyed file is refused", () => {
    const path = keyed();
    appendFileSync(path, `${recordLine(V, 3, result(3))}\n`);
    assert.throws(() => openCheckpoint(path, N, V, SIZE, { secret: SECRET }), /damaged at line 4/);
  });

  test("a keyed file without the secret, an unkeyed one with it, another secret: refused", () => {
    const path = keyed();
    // The library names the option; the command words it with --secret (cli/errors.test.ts).
    refused(path, /is keyed \(written with a secret\): give the same secret; refusing/);
    assert.throws(
      () => openCheckpoint(path, N, V, SIZE, { secret: "another-secret-0123456789" }),
      /was written with another secret \(its header fails its MAC\)/,
    );
    const plain = fresh();
    openCheckpoint(plain, N, V, SIZE).close();
    assert.throws(
      () => openCheckpoint(plain, N, V, SIZE, { secret: SECRET }),
      (e) =>
        e instanceof NQueensError &&
        e.code === "checkpoint-unusable" &&
        e.details.reason === "unkeyed" &&
        /has no key \(written without a secret\) but one is in use, which accepts/.test(e.message),
    );
  });

  test("a short secret is refused without being repeated", () => {
    assert.throws(
      () => openCheckpoint(fresh(), N, V, SIZE, { secret: "hunter2" }),
      (e) =>
        e instanceof NQueensError &&
        /at least 16/.test(e.message) &&
        !e.message.includes("hunter2"),
    );
  });

  test("keyCheckpoint keys the checkpoint that countFast opens", async () => {
    const path = fresh();
    const undo = keyCheckpoint(path, SECRET);
    try {
      const r = await countFast(10, { checkpoint: path });
      assert.equal(r.total, 724n);
      assert.match(readFileSync(path, "utf8").split("\n")[0], / mac=/);
      assert.equal((await countFast(10, { checkpoint: path })).resumed, split(10).length);
    } finally {
      undo();
    }
    await assert.rejects(countFast(10, { checkpoint: path }), /is keyed/);
  });

  test("nqueens count --checkpoint --secret (the built command): keyed, resumed only with it", async () => {
    const path = fresh();
    const env = { NQUEENS_SECRET: undefined, NQUEENS_QUEUE: undefined };
    const first = await nqueens(["count", "10", "--checkpoint", path, "--secret", SECRET], "", env);
    assert.equal(first.code, 0, first.stderr);
    assert.match(readFileSync(path, "utf8").split("\n")[0], / mac=[0-9a-f]{32} /);
    const without = await nqueens(["count", "10", "--checkpoint", path], "", env);
    assert.equal(without.code, 2);
    assert.match(without.stderr, /is keyed \(written with a secret\)/);
    const fromEnv = await nqueens(["count", "10", "--checkpoint", path, "--json"], "", {
      ...env,
      NQUEENS_SECRET: SECRET,
    });
    assert.equal(fromEnv.code, 0, fromEnv.stderr);
    assert.equal(JSON.parse(fromEnv.stdout).resumed, split(10).length);
    for (const r of [first, without, fromEnv]) {
      assert.ok(!`${r.stdout}${r.stderr}`.includes(SECRET), "the secret is never printed");
    }
    const alone = await nqueens(["count", "10", "--secret", SECRET], "", env);
    assert.equal(alone.code, 2);
    assert.match(alone.stderr, /--secret keys a queue run or a checkpoint/);
  });
});
