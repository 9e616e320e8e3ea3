// The backend decision as a table: which backend is picked for which options and adapters,
// with a stand-in GPU (no GPU, Dawn or Redis is needed).
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { type BackendRequest, GpuUnavailable, pickBackend } from "./backend-choice.js";
import { NQueensError } from "./errors.js";
import { type Adapter, standIn } from "./testing/gpu-stand-in.js";

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
