// The backend decision as a table: which backend is picked for which options and adapters,
// with a stand-in GPU (no GPU, Dawn or Redis is needed).
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import {
  type BackendRequest,
  countOn,
  type GpuAccess,
  GpuUnavailable,
  type OpenedGpu,
  pickBackend,
} from "./backends.js";
import { NQueensError } from "./errors.js";

/** What the machine has: a hardware adapter, a software one (SwiftShader), or none. */
type Adapter = "hardware" | "software" | "none";

/** A stand-in GPU and what was done with it: loaded (the GPU module), opened, closed. */
function standIn(adapter: Adapter) {
  const seen = { loaded: false, opened: false, closed: false };
  const access = async (): Promise<GpuAccess<OpenedGpu>> => {
    seen.loaded = true;
    return {
      autoFromN: 16,
      maxN: 28,
      async open() {
        seen.opened = true;
        if (adapter === "none") throw new Error("no WebGPU adapter found (stand-in)\nsecond line");
        return {
          name: adapter === "software" ? "SwiftShader" : "Big GPU",
          software: adapter === "software",
          close: () => {
            seen.closed = true;
          },
        };
      },
    };
  };
  return { access, seen };
}

/** What a case expects: the backend, and whether a GPU was looked for and let go. */
interface Expected {
  backend: "cpu" | "gpu" | "queue";
  why?: RegExp;
  /** The GPU module was loaded (default: false). */
  loaded?: boolean;
  /** An adapter was opened (default: false). */
  opened?: boolean;
  /** The adapter was closed by the decision (default: false). */
  closed?: boolean;
}

const picks: [string, BackendRequest, Adapter, Expected][] = [
  // A queue takes the count whatever the backend: its workers choose theirs.
  ["a queue", { queue: true, backend: "gpu", n: 20 }, "hardware", { backend: "queue" }],
  ["cpu", { backend: "cpu", n: 20 }, "hardware", { backend: "cpu" }],
  // The GPU counts constellations only: the join never looks for one.
  ["auto, join", { backend: "auto", method: "join", n: 20 }, "hardware", { backend: "cpu" }],
  ["cpu, join", { backend: "cpu", method: "join", n: 20 }, "hardware", { backend: "cpu" }],
  [
    "auto, method auto (the GPU counts constellations)",
    { method: "auto", n: 20 },
    "hardware",
    { backend: "gpu", loaded: true, opened: true },
  ],
  [
    "auto at n = 16, the smallest",
    { n: 16 },
    "hardware",
    { backend: "gpu", loaded: true, opened: true },
  ],
  [
    "auto at n = 15: the CPU finishes first",
    { n: 15 },
    "hardware",
    { backend: "cpu", why: /^auto takes a GPU for n = 16 to 28$/, loaded: true },
  ],
  [
    "auto at n = 29: beyond the kernel",
    { n: 29 },
    "hardware",
    { backend: "cpu", why: /^auto takes a GPU for n = 16 to 28$/, loaded: true },
  ],
  [
    "auto, a software adapter: slower than the CPU",
    { n: 20 },
    "software",
    {
      backend: "cpu",
      why: /^the only GPU adapter, SwiftShader, runs on the CPU$/,
      loaded: true,
      opened: true,
      closed: true,
    },
  ],
  [
    "auto, no adapter",
    { n: 20 },
    "none",
    {
      backend: "cpu",
      why: /^no GPU: no WebGPU adapter found \(stand-in\)$/,
      loaded: true,
      opened: true,
    },
  ],
  [
    "gpu, a hardware adapter",
    { backend: "gpu", n: 20 },
    "hardware",
    { backend: "gpu", loaded: true, opened: true },
  ],
  [
    "gpu, a software adapter: asked for, so taken",
    { backend: "gpu", n: 10 },
    "software",
    { backend: "gpu", loaded: true, opened: true },
  ],
  [
    "gpu at a small n: asked for, so taken",
    { backend: "gpu", n: 4 },
    "hardware",
    { backend: "gpu", loaded: true, opened: true },
  ],
  // A queue worker takes jobs of every n: no n, no range.
  [
    "a worker, auto",
    { backend: "auto" },
    "hardware",
    { backend: "gpu", loaded: true, opened: true },
  ],
  [
    "a worker, auto, a software adapter",
    { backend: "auto" },
    "software",
    {
      backend: "cpu",
      why: /SwiftShader, runs on the CPU/,
      loaded: true,
      opened: true,
      closed: true,
    },
  ],
  [
    "a worker, auto, no adapter",
    { backend: "auto" },
    "none",
    { backend: "cpu", why: /^no GPU: /, loaded: true, opened: true },
  ],
  ["a worker, cpu", { backend: "cpu" }, "hardware", { backend: "cpu" }],
  [
    "a worker, gpu, a software adapter",
    { backend: "gpu" },
    "software",
    { backend: "gpu", loaded: true, opened: true },
  ],
];

describe("pickBackend", () => {
  for (const [what, request, adapter, want] of picks) {
    test(`${what} (${adapter} adapter): ${want.backend}`, async () => {
      const { access, seen } = standIn(adapter);
      const picked = await pickBackend(request, access);
      assert.equal(picked.backend, want.backend);
      const why = picked.backend === "cpu" ? picked.why : undefined;
      if (want.why) assert.match(why ?? "", want.why);
      else assert.equal(why, undefined);
      if (picked.backend === "gpu") assert.equal(picked.gpu.software, adapter === "software");
      assert.deepEqual(seen, {
        loaded: want.loaded ?? false,
        opened: want.opened ?? false,
        closed: want.closed ?? false,
      });
    });
  }

  const refused: [string, BackendRequest, Adapter, RegExp][] = [
    [
      "gpu with the join",
      { backend: "gpu", method: "join", n: 20 },
      "hardware",
      /^method "join" counts on the CPU: choose backend "cpu" or "auto", or another method$/,
    ],
    [
      "gpu beyond the kernel",
      { backend: "gpu", n: 29 },
      "hardware",
      /^n for backend "gpu" must be an integer from 1 to 28: got 29$/,
    ],
    [
      "gpu without an adapter",
      { backend: "gpu", n: 20 },
      "none",
      /^backend "gpu": no WebGPU adapter found \(stand-in\)$/,
    ],
    [
      "a worker's gpu without an adapter",
      { backend: "gpu" },
      "none",
      /^backend "gpu": no WebGPU adapter found/,
    ],
  ];
  for (const [what, request, adapter, message] of refused) {
    test(`refuses ${what}, naming the options`, async () => {
      const { access, seen } = standIn(adapter);
      await assert.rejects(
        pickBackend(request, access),
        (e: unknown) => e instanceof NQueensError && message.test(e.message),
      );
      assert.equal(seen.closed, false);
    });
  }

  test("GpuUnavailable keeps what opening the GPU threw, and its first line", async () => {
    const { access } = standIn("none");
    const e = await pickBackend({ backend: "gpu" }, access).catch((e: unknown) => e);
    assert.ok(e instanceof GpuUnavailable);
    assert.equal(e.why, "no WebGPU adapter found (stand-in)");
    assert.ok(e.cause instanceof Error);
    assert.match(e.cause.message, /second line$/);
  });
});

describe("countOn", () => {
  const never = async (): Promise<GpuAccess<never>> => {
    throw new Error("the GPU module is not loaded for this count");
  };

  test("counts on the CPU, saying how", async () => {
    const r = await countOn(8, { backend: "cpu", workers: 1 }, never);
    assert.equal(r.total, 92n);
    assert.equal(r.unique, 12n);
    assert.equal(r.backend, "cpu");
    assert.equal(r.method, "constellations");
  });

  test("auto below n = 16 loads the GPU module but opens no adapter", async () => {
    const { access, seen } = standIn("hardware");
    const r = await countOn(9, { workers: 1 }, access as never);
    assert.equal(r.total, 352n);
    assert.equal(r.backend, "cpu");
    assert.deepEqual(seen, { loaded: true, opened: false, closed: false });
  });

  const refused: [string, number, Parameters<typeof countOn>[1], RegExp][] = [
    [
      "batch without a queue",
      8,
      { batch: 4 },
      /^batch and replicas are options of a queue run: add the queue option$/,
    ],
    ["replicas without a queue", 8, { replicas: 2 }, /^batch and replicas are options/],
    [
      "a checkpoint with a queue",
      8,
      { queue: "redis://127.0.0.1:1", checkpoint: "x.ckpt" },
      /^a queue run keeps its results in Redis .*: drop the checkpoint and workers options$/,
    ],
    [
      "workers with a queue",
      8,
      { queue: "redis://127.0.0.1:1", workers: 2 },
      /drop the checkpoint and workers options$/,
    ],
    [
      "a secret without a queue or a checkpoint",
      8,
      { secret: "0123456789abcdef" },
      /^secret keys a queue run or a checkpoint: add the queue or the checkpoint option$/,
    ],
    [
      "a short secret for a checkpoint",
      8,
      { secret: "hunter2", checkpoint: "never-written.ckpt" },
      /^secret must be at least 16 characters \(this one has 7\)/,
    ],
    [
      "the join beyond n = 27",
      28,
      { backend: "cpu", method: "join" },
      /^method "join" counts n up to 27: got 28$/,
    ],
    [
      "the join on a GPU",
      20,
      { backend: "gpu", method: "join" },
      /^method "join" counts on the CPU/,
    ],
  ];
  for (const [what, n, options, message] of refused) {
    test(`refuses ${what}, naming the options`, async () => {
      await assert.rejects(
        countOn(n, options, never),
        (e: unknown) =>
          e instanceof NQueensError && message.test(e.message) && !e.message.includes("--"),
      );
    });
  }
});
