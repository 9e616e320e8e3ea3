/**
 * The GPU backend against the known counts, on whatever WebGPU adapter Dawn finds; on a machine
 * without a GPU, SwiftShader from Debian's chromium package (a Vulkan driver on the CPU: exact,
 * slow). Skipped, saying why, when there is no adapter at all.
 */
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { openCheckpoint } from "../engine/checkpoint.js";
import type { SubResult } from "../engine/constellations/split.js";
import { split, splitVersion } from "../engine/constellations/split.js";
import { solveSubProblem } from "../engine/kernel.js";
import { CountInterrupted } from "../engine/types.js";
import { NQueensError } from "../errors.js";
import { known } from "../testing/known-counts.js";
import { useSwiftShader } from "../testing/swiftshader.js";
import { countGpuOnDevice, type GpuSubResult } from "./count-gpu.js";
import { countGpu } from "./index.js";
import { type NodeGpu, requestNodeGpu } from "./node-device.js";

let checked: NodeGpu | undefined; // clamping on, every index checked in the kernel
let fast: NodeGpu | undefined; // as `countGpu` runs: clamping off
let why = "";

before(async () => {
  const hint = useSwiftShader();
  try {
    checked = await requestNodeGpu({ robust: true });
    fast = await requestNodeGpu();
  } catch (e) {
    why = `no WebGPU adapter: ${e instanceof Error ? e.message : e}${hint ? `; ${hint}` : ""}`;
  }
});

after(() => {
  checked?.close();
  fast?.close();
});

describe("GPU backend", () => {
  test("totals and unique counts for n = 4..12 equal the known table (indexes checked)", async (t) => {
    if (!checked) return t.skip(why);
    for (const k of known(4, 12)) {
      const r = await countGpuOnDevice(checked.device, k.n, { checkBounds: true });
      assert.deepEqual([k.n, r.total, r.unique], [k.n, k.total, k.unique]);
    }
  });

  test("idle lanes get work donated by busy ones, counts unchanged (n = 11, 26 stack rows, indexes checked)", async (t) => {
    if (!checked) return t.skip(why);
    const k = known(11, 11)[0];
    const r = await countGpuOnDevice(checked.device, 11, {
      checkBounds: true,
      levels: 0, // one task per constellation: the tail is all donation
      stackRows: 26, // the pipeline for the largest boards
      lanes: 256,
      initialBudget: 256,
      targetDispatchSeconds: 0.005,
    });
    assert.ok(r.donations > 0, "no donation pass ran");
    assert.deepEqual([r.total, r.unique], [k.total, k.unique]);
  });

  test("the same without clamping (disable_robustness), small launches, n = 8..12", async (t) => {
    if (!fast) return t.skip(why);
    for (const k of known(8, 12)) {
      const r = await countGpuOnDevice(fast.device, k.n, { lanes: 128, initialBudget: 512 });
      assert.deepEqual([k.n, r.total, r.unique], [k.n, k.total, k.unique]);
    }
  });

  test("each sub-problem's result equals the CPU engine's (n = 11)", async (t) => {
    if (!fast) return t.skip(why);
    const got = new Map<number, SubResult>();
    await countGpuOnDevice(fast.device, 11, {
      checkpoint: {
        done: new Map(),
        record: (rs) => {
          for (const r of rs) got.set(r.id, r.result);
        },
      },
    });
    for (const sp of split(11))
      assert.deepEqual(got.get(sp.id), solveSubProblem(11, sp), `#${sp.id}`);
  });

  test("a count stopped after two dispatches and resumed gives the same total", async (t) => {
    if (!fast) return t.skip(why);
    const n = 12;
    const want = known(n, n)[0];
    const saved = new Map<number, SubResult>();
    const record = (rs: readonly GpuSubResult[]) => {
      for (const r of rs) {
        assert.equal(saved.has(r.id), false, `#${r.id} recorded twice`);
        saved.set(r.id, r.result);
      }
    };
    const stop = new AbortController();
    const small = { lanes: 64, initialBudget: 256, targetDispatchSeconds: 0.002 };
    const first = countGpuOnDevice(fast.device, n, {
      ...small,
      checkpoint: { done: saved, record },
      signal: stop.signal,
      onProgress: (p) => {
        if (p.dispatches === 2) stop.abort();
      },
    });
    await assert.rejects(first, CountInterrupted);
    const subs = split(n).length;
    assert.ok(saved.size > 0 && saved.size < subs, `stopped with ${saved.size} of ${subs} done`);
    const second = await countGpuOnDevice(fast.device, n, {
      ...small,
      checkpoint: { done: new Map(saved), record },
    });
    assert.ok(second.resumed > 0 && second.resumed < subs);
    assert.equal(saved.size, subs);
    assert.deepEqual([second.total, second.unique], [want.total, want.unique]);
  });

  test("countGpu resumes from the CPU engine's checkpoint file", async (t) => {
    if (!fast) return t.skip(why);
    const n = 11;
    const file = join(mkdtempSync(join(tmpdir(), "nq-gpu-")), "n11.ckpt");
    // Half the sub-problems done by the CPU engine, as its count would have left them.
    const cp = openCheckpoint(file, n, splitVersion(n), split(n).length);
    const half = split(n).filter((sp) => sp.id % 2 === 0);
    for (const sp of half) cp.append(sp.id, solveSubProblem(n, sp));
    cp.close();
    const r = await countGpu(n, { device: fast.device, checkpoint: file });
    assert.equal(r.resumed, half.length);
    assert.deepEqual([r.total, r.unique], [known(n, n)[0].total, known(n, n)[0].unique]);
    // Now complete: a rerun counts nothing on the GPU.
    const again = await countGpu(n, { device: fast.device, checkpoint: file });
    assert.deepEqual([again.resumed, again.dispatches, again.total], [split(n).length, 0, r.total]);
    // Another n's checkpoint is refused.
    await assert.rejects(countGpu(12, { device: fast.device, checkpoint: file }), NQueensError);
  });

  test("n outside 1..28 is an NQueensError", async (t) => {
    if (!fast) return t.skip(why);
    await assert.rejects(countGpuOnDevice(fast.device, 29), NQueensError);
    await assert.rejects(countGpuOnDevice(fast.device, 0), NQueensError);
  });
});

test("without any Vulkan driver: `no WebGPU adapter found (...)`, an NQueensError", () => {
  const code = `import("./src/gpu/index.ts").then(
    (m) => m.countGpu(8).then((r) => console.log("adapter", r.total)),
    (e) => console.log("import failed", e.message),
  ).catch((e) => console.log(e.name + ": " + e.message));`;
  const env = { ...process.env, VK_ICD_FILENAMES: "/nonexistent.json", VK_DRIVER_FILES: "" };
  const r = spawnSync(process.execPath, ["--import", "tsx", "-e", code], { env, encoding: "utf8" });
  // A machine with a system Vulkan loader and a GPU driver may still find an adapter.
  assert.match(r.stdout, /^(NQueensError: no WebGPU adapter found \(.+\)|adapter 92)$/m);
});
