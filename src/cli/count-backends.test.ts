// `nqueens count --backend` and `--queue` as a user runs them (the built command).
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { before, describe, test } from "node:test";
import { split } from "../engine/constellations/split.js";
import { known } from "../testing/known-counts.js";
import { clearQueueKeys, TEST_SECRET, testRedis, withDb } from "../testing/redis.js";
import {
  assertBadInput,
  assertBuilt,
  BIN,
  nqueens,
  nqueensIdle,
  ROOT,
} from "../testing/run-cli.js";

before(assertBuilt);

const SWIFTSHADER = "/usr/lib/chromium/vk_swiftshader_icd.json";
const CHROMIUM_LOADER_DIR = "/usr/lib/chromium";

/** Runs the command with extra environment variables. */
function run(args: string[], env: Record<string, string | undefined>) {
  return nqueens(args, "", env);
}

// A queue run needs a secret (the coordinator and the worker share it); a count without
// --queue or --checkpoint ignores it.
const NO_VULKAN = {
  LD_LIBRARY_PATH: "",
  VK_ICD_FILENAMES: undefined,
  NQUEENS_QUEUE: undefined,
  NQUEENS_SECRET: TEST_SECRET,
};

describe("nqueens count --backend", () => {
  test("cpu gives the known count and says so in JSON", async () => {
    const [k] = known(11, 11);
    const r = await run(["count", "11", "--backend", "cpu", "--json"], NO_VULKAN);
    assert.equal(r.code, 0, r.stderr);
    const out = JSON.parse(r.stdout) as { total: string; unique: string; backend: string };
    assert.equal(out.total, k!.total.toString());
    assert.equal(out.unique, k!.unique.toString());
    assert.equal(out.backend, "cpu");
  });

  test("auto without a GPU counts on the CPU, silently", async () => {
    const [k] = known(16, 16);
    const r = await run(["count", "16", "--json"], NO_VULKAN);
    assert.equal(r.code, 0, r.stderr);
    assert.equal(r.stderr, "");
    const out = JSON.parse(r.stdout) as { total: string; backend: string };
    assert.equal(out.total, k!.total.toString());
    assert.equal(out.backend, "cpu");
  });

  test("gpu without any Vulkan loader: one-line error, exit 2", async (t) => {
    if (existsSync("/usr/lib/x86_64-linux-gnu/libvulkan.so.1")) {
      t.skip("this machine has a system Vulkan loader, so an adapter may exist");
      return;
    }
    assertBadInput(
      await run(["count", "10", "--backend", "gpu"], NO_VULKAN),
      /no WebGPU adapter found/,
    );
  });

  test("gpu on the SwiftShader software adapter gives the known counts", async (t) => {
    if (!existsSync(SWIFTSHADER)) {
      t.skip(`no software Vulkan driver: ${SWIFTSHADER} is missing (Debian package chromium)`);
      return;
    }
    const [k] = known(10, 10);
    const env = { LD_LIBRARY_PATH: CHROMIUM_LOADER_DIR, VK_ICD_FILENAMES: SWIFTSHADER };
    const r = await run(["count", "10", "--backend", "gpu", "--json"], env);
    assert.equal(r.code, 0, r.stderr);
    const out = JSON.parse(r.stdout) as { total: string; unique: string; backend: string };
    assert.equal(out.backend, "gpu");
    assert.equal(out.total, k!.total.toString());
    assert.equal(out.unique, k!.unique.toString());
  });

  test("an unknown backend is a usage error", async () => {
    assertBadInput(await run(["count", "10", "--backend", "tpu"], NO_VULKAN), /tpu/);
  });
});

describe("nqueens count --queue", () => {
  /** The most a bad address may keep the command waiting, in seconds; it is killed past it. */
  const IDLE_LIMIT_S = 10;
  const bad: [string, string, RegExp][] = [
    ["not a URL", "notaurl", /--queue must be a URL like redis:\/\/HOST/],
    ["another scheme", "http://127.0.0.1:6379", /redis:\/\//],
    ["nobody listening", "redis://127.0.0.1:1", /cannot use Redis at redis:\/\/127\.0\.0\.1:1/],
  ];
  for (const [name, url, message] of bad) {
    test(`${name}: one-line error, exit 2, within seconds`, async () => {
      // Seconds of waiting: at most the 3 s of connection attempts openRedis allows, against
      // a client that retries without end. Measured as the time the command waited for the
      // network or a timer, which a busy machine does not stretch (its wall-clock time there
      // is mostly spent queued for a CPU: 20 s at load 14, for the same 3 s of waiting).
      const r = await nqueensIdle(["count", "10", "--queue", url], NO_VULKAN, IDLE_LIMIT_S);
      assertBadInput(r, message);
      assert.ok(r.idleSeconds < IDLE_LIMIT_S, `waited ${r.idleSeconds.toFixed(1)} s`);
    });
  }

  test("$NQUEENS_QUEUE is used when --queue is not given", async () => {
    const r = await run(["count", "10"], { ...NO_VULKAN, NQUEENS_QUEUE: "redis://127.0.0.1:1" });
    assertBadInput(r, /cannot use Redis at redis:\/\/127\.0\.0\.1:1/);
  });
});

describe("nqueens count --queue with a worker, on a real Redis", () => {
  test("a worker process and the coordinator count n = 12 exactly", async (t) => {
    const server = await testRedis();
    if (typeof server === "string") {
      t.skip(server);
      return;
    }
    // Database 15: the queue's own tests number theirs from 1 upwards.
    const url = withDb(server.url, 15);
    await clearQueueKeys(url);
    const worker = spawn(process.execPath, [BIN, "worker", "--queue", url, "--workers", "1"], {
      cwd: ROOT,
      env: { ...process.env, ...NO_VULKAN },
      stdio: "ignore",
    });
    try {
      const [k] = known(12, 12);
      const r = await run(["count", "12", "--queue", url, "--json"], NO_VULKAN);
      assert.equal(r.code, 0, r.stderr);
      const out = JSON.parse(r.stdout) as { total: string; unique: string; backend: string };
      assert.equal(out.backend, "queue");
      assert.equal(out.total, k!.total.toString());
      assert.equal(out.unique, k!.unique.toString());
      const again = await run(["count", "12", "--queue", url, "--json"], NO_VULKAN);
      assert.equal(
        JSON.parse(again.stdout).total,
        k!.total.toString(),
        "attaching to the finished run",
      );
      // --batch sets the job size of a new run; `runs --json` shows what the run stored.
      const [k11] = known(11, 11);
      const small = await run(["count", "11", "--queue", url, "--batch", "7", "--json"], NO_VULKAN);
      assert.equal(small.code, 0, small.stderr);
      assert.equal(JSON.parse(small.stdout).total, k11!.total.toString());
      const listed = await run(["runs", "--queue", url, "--json"], NO_VULKAN);
      const runs = listed.stdout
        .trim()
        .split("\n")
        .map((line) => JSON.parse(line) as { n: number; batch: number; jobs: number });
      const r11 = runs.find((r) => r.n === 11);
      assert.equal(r11?.batch, 7);
      assert.equal(r11?.jobs, Math.ceil(split(11).length / 7));
    } finally {
      worker.kill("SIGKILL");
      await clearQueueKeys(url);
      await server.stop();
    }
  });

  test("--batch without --queue, or not a positive whole number, is refused", async () => {
    assertBadInput(await run(["count", "10", "--batch", "3"], NO_VULKAN), /add --queue URL/);
    assertBadInput(
      await run(["count", "10", "--queue", "redis://127.0.0.1:1", "--batch", "0"], NO_VULKAN),
      /--batch .*0/,
    );
  });

  test("--queue with --checkpoint is refused", async () => {
    assertBadInput(
      await run(
        ["count", "12", "--queue", "redis://127.0.0.1:1", "--checkpoint", "x.ckpt"],
        NO_VULKAN,
      ),
      /drop --checkpoint/,
    );
  });
});
