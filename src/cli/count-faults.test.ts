// Runs the BUILT command (bin/nqueens.js -> dist/): build first with `npm run build` (npm test does).
// Faults under a checkpoint: a full disk (a small tmpfs, where this machine lets a test mount
// one; a file size limit everywhere), and one file under several names.
import assert from "node:assert/strict";
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import {
  copyFileSync,
  existsSync,
  linkSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statfsSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, test } from "node:test";
import { known } from "../testing/known-counts.js";
import { assertBuilt, BIN, ROOT } from "../testing/run-cli.js";
import { until } from "../testing/wait.js";

assertBuilt();

const dir = mkdtempSync(join(tmpdir(), "nqueens-faults-"));
after(() => rmSync(dir, { recursive: true, force: true }));

interface Run {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

function finish(child: ChildProcess): Promise<Run> {
  return new Promise((resolve, reject) => {
    let stdout = "";
    let stderr = "";
    child.stdout?.setEncoding("utf8").on("data", (d: string) => (stdout += d));
    child.stderr?.setEncoding("utf8").on("data", (d: string) => (stderr += d));
    child.on("error", reject);
    child.on("close", (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
}

/** `nqueens ...args`, through `sh -c PREFIX` when given (`ulimit -f 1`). */
function start(args: string[], prefix?: string): ChildProcess {
  const command = [process.execPath, BIN, ...args];
  return prefix === undefined
    ? spawn(command[0]!, command.slice(1), { cwd: ROOT })
    : spawn("sh", ["-c", `${prefix} && exec "$@"`, "sh", ...command], { cwd: ROOT });
}

const run = (args: string[], prefix?: string) => finish(start(args, prefix));

/** The identity lock of a file (engine/checkpoint.ts). */
function identityLockOf(path: string): string {
  const s = statSync(path, { bigint: true });
  return join(tmpdir(), `nqueens-checkpoint-${s.dev}-${s.ino}.lock`);
}

const [c16] = known(16, 16);
// The join at n = 16: 3,300 records, about 73 KB, written in batches of at most 512 lines (about
// 11 KB): a limit of 24 KB (ulimit -f 48 in 512-byte blocks; 48 KB where they are 1 KB) or 24 KB
// left on the tmpfs lets the first batch in and stops a later one.
const COUNT = ["count", "16", "--method", "join", "--workers", "2", "--json"];

/** One line on stderr, exit 74, nothing on stdout. */
function failedWrite(r: Run, line: string): void {
  assert.deepEqual(
    { code: r.code, stdout: r.stdout, stderr: r.stderr },
    { code: 74, stdout: "", stderr: `nqueens: ${line}\n` },
  );
}

/** Resumes a copy of `path` elsewhere: the known count, with what the file held taken over. */
async function resumes(path: string): Promise<void> {
  const copy = join(dir, `resumed-${Date.now()}`);
  copyFileSync(path, copy);
  const records = readFileSync(path, "latin1").split("\n").length - 2;
  assert.ok(records > 0, "records were written before the fault");
  const r = await run([...COUNT, "--checkpoint", copy]);
  assert.equal(r.code, 0, r.stderr);
  const out = JSON.parse(r.stdout) as { total: string; resumed: number };
  assert.equal(out.total, c16.total.toString());
  assert.equal(out.resumed, records);
}

describe("a full disk under a checkpoint: one line naming the file, exit 74", () => {
  test("a file size limit (ulimit -f) during the count: the file resumes", async (t) => {
    const probe = spawnSync("sh", ["-c", "ulimit -f 48"], { encoding: "utf8" });
    if (probe.error || probe.status !== 0)
      return t.skip(`no sh with ulimit -f here: ${probe.stderr}`);
    const path = join(dir, "limited.ckpt");
    const r = await run([...COUNT, "--checkpoint", path], "ulimit -f 48");
    failedWrite(
      r,
      `checkpoint ${path} cannot be written: the file is too large (EFBIG); what it recorded before is kept, to resume from`,
    );
    assert.ok(readFileSync(path, "latin1").endsWith("\n"));
    assert.ok(!existsSync(`${path}.lock`) && !existsSync(identityLockOf(path)), "unlocked");
    await resumes(path);
  });

  describe("a tmpfs of 64 KiB", () => {
    const mount = mkdtempSync(join(dir, "tmpfs-"));
    const mounted = spawnSync("mount", ["-t", "tmpfs", "-o", "size=64k", "tmpfs", mount]);
    const why =
      mounted.error || mounted.status !== 0
        ? `cannot mount a tmpfs here (root only): ${mounted.error?.message ?? mounted.stderr.toString().trim()}`
        : undefined;
    after(() => {
      if (why === undefined) spawnSync("umount", [mount]);
    });
    /** Fills the tmpfs until `free` bytes are left at most (or none). */
    function fill(name: string, free: number): void {
      const { bavail, bsize } = statfsSync(mount);
      try {
        writeFileSync(join(mount, name), Buffer.alloc(Math.max(0, bavail * bsize - free)));
      } catch {} // full: as wanted
    }

    test("full during the count: the file keeps its whole records and resumes", async (t) => {
      if (why !== undefined) return t.skip(why);
      fill("filler", 24 * 1024);
      const path = join(mount, "c");
      const r = await run([...COUNT, "--checkpoint", path]);
      failedWrite(
        r,
        `checkpoint ${path} cannot be written: no space left on the device (ENOSPC); what it recorded before is kept, to resume from`,
      );
      assert.ok(readFileSync(path, "latin1").endsWith("\n"));
      assert.ok(!existsSync(identityLockOf(path)), "no identity lock left");
      assert.deepEqual(
        readdirSync(mount).sort(),
        ["c", "filler"],
        "no lock or temporary file left",
      );
      await resumes(path);
    });

    test("full at the start: refused in one line, no lock (empty or not) left", async (t) => {
      if (why !== undefined) return t.skip(why);
      fill("filler2", 0);
      const before = readdirSync(mount).sort();
      const path = join(mount, "d");
      const r = await run([...COUNT, "--checkpoint", path]);
      failedWrite(
        r,
        `checkpoint ${path} cannot be locked: ${path}.lock: no space left on the device (ENOSPC); the file is unchanged`,
      );
      assert.deepEqual(readdirSync(mount).sort(), before);
    });
  });
});

describe("one checkpoint under several names: one count at a time", () => {
  test("a symbolic link and a hard link are refused with the path's own message", async () => {
    const path = join(dir, "shared.ckpt");
    const soft = join(dir, "soft.ckpt");
    const hard = join(dir, "hard.ckpt");
    const first = start([
      "count",
      "18",
      "--method",
      "join",
      "--workers",
      "1",
      "--checkpoint",
      path,
    ]);
    const done = finish(first);
    try {
      await until(
        () => existsSync(path) && existsSync(identityLockOf(path)),
        "the first count's locks",
        {
          alive: first,
          every: 10,
        },
      );
      symlinkSync(path, soft);
      linkSync(path, hard);
      const said: string[] = [];
      for (const name of [path, soft, hard]) {
        const r = await run(["count", "18", "--method", "join", "--checkpoint", name]);
        assert.equal(r.code, 2, r.stderr);
        assert.equal(r.stdout, "");
        const lines = r.stderr.split("\n");
        assert.equal(lines.length, 2, r.stderr); // one line and its newline
        assert.match(
          lines[0]!,
          new RegExp(
            `^nqueens: checkpoint ${name} is in use by process ${first.pid}, a count that is still running \\(/.*\\.lock\\); refusing to use it \\(the file is unchanged\\)$`,
          ),
        );
        said.push(lines[0]!.replace(name, "PATH").replace(/\(\/[^()]*\.lock\)/, "(LOCK)"));
      }
      assert.equal(new Set(said).size, 1, said.join("\n"));
      assert.ok(!existsSync(`${hard}.lock`) && !existsSync(`${soft}.lock`));
    } finally {
      const identity = identityLockOf(path);
      first.kill("SIGKILL");
      await done;
      rmSync(identity, { force: true }); // not left in the temporary folder by this test
    }
  });
});
