/// <reference types="@webgpu/types" />
import "./webgpu-globals.js";
/**
 * Counting on a GPU through WebGPU: the device-agnostic driver. It takes a `GPUDevice` (from
 * `navigator.gpu` in a browser, from `node-device.ts` in Node) and imports no Node module, so the
 * web page can use it as it is.
 *
 * The work is the engine's split (`src/engine/constellations/split.ts`): one sub-problem per
 * representative constellation of border queens, with the ids, results and checkpoint identity
 * of the CPU engine. Each constellation is cut further into W^levels GPU tasks (see `kernel.wgsl.ts`), and
 * its result is complete once all of them are done. The kernel runs in dispatches of a bounded
 * number of loop iterations per lane (tuned to `targetDispatchSeconds`), after each of which the
 * driver reads the per-constellation counts back, reports the newly finished sub-problems to the
 * checkpoint and progress callbacks, and can stop.
 */
import {
  CountInterrupted,
  type CountResult,
  compileSubProblem,
  newTask,
  type Progress,
  type SubProblem,
  type SubResult,
  solveSubProblem,
  split,
  Tally,
} from "../engine/browser.js";
import { checkSize, shownValue } from "../errors.js";
import { MAX_GPU_N } from "../limits.js";
import { KERNEL_WGSL } from "./kernel.wgsl.js";

// WebGPU flag values, spelled out: no global (GPUBufferUsage, GPUMapMode) is needed in Node.
const MAP_READ = 0x0001;
const COPY_SRC = 0x0004;
const COPY_DST = 0x0008;
const UNIFORM = 0x0040;
const STORAGE = 0x0080;
const MAP_MODE_READ = 0x0001;

/** The engine's progress (sub-problems done of total, solutions so far) and GPU details. */
export interface GpuProgress extends Progress {
  /** Distinct solutions up to symmetry among the finished sub-problems. */
  readonly unique: bigint;
  /** Seconds since the first dispatch. */
  readonly seconds: number;
  /** Dispatches so far. */
  readonly dispatches: number;
  /** Lanes still in the middle of a task when the last dispatch ended (the rest found none). */
  readonly searching: number;
}

/** One finished sub-problem, as a checkpoint stores it. */
export interface GpuSubResult {
  readonly id: number;
  readonly result: SubResult;
}

/**
 * Where finished sub-problems come from and go to, so that a stopped count can resume. The CPU
 * engine's checkpoint file fits (same split, ids and results): see `index.ts`.
 */
interface GpuCheckpoint {
  /** Results already known, by sub-problem id: not searched again. */
  readonly done: ReadonlyMap<number, SubResult>;
  /** Called after each dispatch with the sub-problems it finished; the count waits for it. */
  record(results: readonly GpuSubResult[]): void | Promise<void>;
}

/** Options of {@link countGpuOnDevice}: what to count, progress, stopping, and tuning. */
export interface GpuCountOptions {
  /** Called once at the start and after each dispatch (a few times a second). */
  onProgress?: (progress: GpuProgress) => void;
  /** Resume from and record to a checkpoint. */
  checkpoint?: GpuCheckpoint;
  /** Stops after the dispatch in flight; the promise then rejects with `CountInterrupted`. */
  signal?: AbortSignal;
  /**
   * Invocations that search at once.
   * @default 262144, or 512 on a CPU (software) adapter
   */
  lanes?: number;
  /** @default 64 */
  workgroupSize?: number;
  /** Free rows fixed per listed GPU task (a constellation makes (n-2)^levels); by n if omitted. */
  levels?: number;
  /**
   * How long one dispatch should run, in seconds (the driver scales lanes' iterations to it).
   * @default 0.1
   */
  targetDispatchSeconds?: number;
  /**
   * The same at the end of the count, where idle lanes wait for the next donation pass.
   * @default 0.02
   */
  tailDispatchSeconds?: number;
  /**
   * Stack rows per lane the pipeline is built for (n - 2 to 26): more makes one pipeline serve
   * several n, at the price of workgroup memory.
   * @default n - 2, at least 10
   */
  stackRows?: number;
  /** First per-lane iteration budget. @default 4096, or 256 on a CPU (software) adapter */
  initialBudget?: number;
  /**
   * Test aid: the kernel checks every index and the count fails if any was out of range.
   * @default false
   */
  checkBounds?: boolean;
}

/**
 * The engine's `CountResult` fields but `workers` (`seconds` covers split, upload, shader compile
 * and count), and how the GPU ran.
 */
export interface GpuCountResult extends Omit<CountResult, "workers" | "method"> {
  /** Seconds from the first dispatch to the last result read back. */
  readonly kernelSeconds: number;
  readonly dispatches: number;
  /** Passes in which searching lanes gave untried columns away to idle ones. */
  readonly donations: number;
  /** The adapter's description, when the device tells it. */
  readonly adapter: string;
  /** The launch shape used: lanes, workgroup size, task levels. */
  readonly lanes: number;
  readonly workgroupSize: number;
  readonly levels: number;
}

/**
 * Free rows fixed per listed task: 2 (fewer on tiny boards), more when few constellations are
 * left (a resumed count) so that the list still has twice as many tasks as lanes; at most 4,
 * n - 6, and below 2^31 tasks. Donation (see kernel.wgsl.ts) balances the rest.
 */
function defaultLevels(n: number, constellations: number, lanes: number): number {
  const w = n - 2;
  const most = Math.min(4, Math.max(0, n - 6));
  let levels = Math.min(n < 6 ? 0 : n < 8 ? 1 : 2, most);
  while (levels < most && constellations * w ** levels < 2 * lanes) levels++;
  while (levels > 0 && constellations * w ** levels >= 2 ** 31) levels--;
  return levels;
}

/** True for software adapters (SwiftShader, llvmpipe/lavapipe), which want few lanes. */
export function isSoftwareAdapter(info: GPUAdapterInfo | undefined): boolean {
  if (!info) return false;
  const fallback = (info as { isFallbackAdapter?: boolean }).isFallbackAdapter === true;
  const text = `${info.vendor} ${info.architecture} ${info.description}`.toLowerCase();
  return fallback || /swiftshader|llvmpipe|lavapipe|software/.test(text);
}

/** The adapter's name in one line: its description, else vendor and architecture. */
export function adapterName(info: GPUAdapterInfo | undefined): string {
  if (!info) return "";
  return (
    info.description || [info.vendor, info.architecture, info.device].filter(Boolean).join(" ")
  );
}

/**
 * The first high-performance adapter and a device on it with the adapter's largest storage
 * buffers (the counting buffers grow with the lanes), or undefined when there is no adapter.
 * Node (node-device.ts) and the page (web/gpu-device.ts) open their devices through this.
 */
export async function requestCountingDevice(
  gpu: GPU,
): Promise<{ adapter: GPUAdapter; device: GPUDevice } | undefined> {
  const adapter = await gpu.requestAdapter({ powerPreference: "high-performance" });
  if (!adapter) return undefined;
  const { limits } = adapter;
  const device = await adapter.requestDevice({
    requiredLimits: {
      maxStorageBufferBindingSize: limits.maxStorageBufferBindingSize,
      maxBufferSize: limits.maxBufferSize,
    },
  });
  return { adapter, device };
}

const HDR = 4;
const ACC_WORDS = 8;
const CTL_WORDS = 8;

/**
 * Rows of stack and table per lane the pipeline is built for: n - 2, but at least 10, so that
 * one pipeline serves every n up to 12 (a shader compile takes seconds on a software adapter).
 */
function stackRows(n: number): number {
  return Math.max(10, n - 2);
}

interface Kernels {
  readonly layout: GPUBindGroupLayout;
  readonly main: GPUComputePipeline;
  readonly donate: GPUComputePipeline;
}
const kernels = new WeakMap<GPUDevice, Map<string, Promise<Kernels>>>();

/** The two entry points for these constants, compiled once per device. */
function kernelsFor(device: GPUDevice, dmax: number, wg: number, check: boolean) {
  let cache = kernels.get(device);
  if (!cache) {
    cache = new Map();
    kernels.set(device, cache);
  }
  const key = `${dmax}/${wg}/${check}`;
  let p = cache.get(key);
  if (!p) {
    const storage = (type: GPUBufferBindingType) => ({
      visibility: 4, // GPUShaderStage.COMPUTE
      buffer: { type },
    });
    const layout = device.createBindGroupLayout({
      entries: [
        { binding: 0, ...storage("uniform") },
        { binding: 1, ...storage("read-only-storage") },
        ...[2, 3, 4, 5].map((binding) => ({ binding, ...storage("storage") })),
      ],
    });
    const pipelineLayout = device.createPipelineLayout({ bindGroupLayouts: [layout] });
    const module = device.createShaderModule({ code: KERNEL_WGSL });
    const constants = { DMAX: dmax, WG: wg, CHECK: check ? 1 : 0 };
    const make = (entryPoint: string) =>
      device.createComputePipelineAsync({
        layout: pipelineLayout,
        compute: { module, entryPoint, constants },
      });
    p = Promise.all([make("main"), make("donate")]).then(([main, donate]) => ({
      layout,
      main,
      donate,
    }));
    p.catch(() => cache.delete(key));
    cache.set(key, p);
  }
  return p;
}

/** Packs the constellations of `todo` for the kernel: header and per-free-row table. */
function packConstellations(n: number, dmax: number, todo: readonly SubProblem[]): Uint32Array {
  const stride = HDR + dmax;
  const out = new Uint32Array(todo.length * stride);
  const task = newTask();
  todo.forEach((sp, i) => {
    if (!compileSubProblem(task, n, sp)) throw new Error(`constellation ${sp.id} attacks itself`);
    const base = i * stride;
    out[base] = task.col;
    out[base + 1] = task.depth | (sp.rotations << 8);
    out[base + 2] = sp.top | (sp.bottom << 8) | (sp.left << 16) | (sp.right << 24);
    out[base + 3] = sp.id;
    for (let d = 0; d < task.depth; d++) {
      out[base + HDR + d] = task.rowMask[d] | (d > 0 ? task.shift[d - 1] << 30 : 0);
    }
  });
  return out;
}

/**
 * Counts the solutions of the n-queens problem on `device`.
 * @throws NQueensError (rejects) when n is not an integer in 1..28; CountInterrupted when
 *   `signal` aborts (what finished is in the checkpoint)
 * @example
 * const adapter = await navigator.gpu.requestAdapter();
 * const device = await adapter!.requestDevice();
 * (await countGpuOnDevice(device, 10)).total // 724n
 */
export async function countGpuOnDevice(
  device: GPUDevice,
  n: number,
  options: GpuCountOptions = {},
): Promise<GpuCountResult> {
  checkSize(n, MAX_GPU_N, "n for the GPU backend");
  const started = performance.now();
  const wg = options.workgroupSize ?? 64;
  const dmax = options.stackRows ?? stackRows(n);
  if (!Number.isInteger(dmax) || dmax < n - 2 || dmax > MAX_GPU_N - 2) {
    throw new RangeError(
      `stackRows must be an integer from ${n - 2} to ${MAX_GPU_N - 2}: got ${shownValue(dmax)}`,
    );
  }
  // Compiling takes a while; let it run while the split is made.
  const compiled = n < 4 ? undefined : kernelsFor(device, dmax, wg, options.checkBounds === true);
  compiled?.catch(() => undefined);
  const info = (device as { adapterInfo?: GPUAdapterInfo }).adapterInfo;
  const subs = split(n);
  const tally = new Tally(subs);
  for (const [id, r] of options.checkpoint?.done ?? []) tally.add(id, r);
  const resumed = tally.done;
  const todo = subs.filter((sp) => !tally.has(sp.id));
  const wantLanes = options.lanes ?? (isSoftwareAdapter(info) ? 512 : 1 << 18);
  const levels = options.levels ?? defaultLevels(n, todo.length, wantLanes);
  const { signal, onProgress } = options;
  const count: Running = {
    tally,
    total: subs.length,
    dispatches: 0,
    donations: 0,
    searching: 0,
    kernelSeconds: 0,
    report: () =>
      onProgress?.({
        done: tally.done,
        total: subs.length,
        solutions: tally.total,
        unique: tally.unique,
        seconds: count.kernelSeconds,
        dispatches: count.dispatches,
        searching: count.searching,
      }),
  };
  let lanes = 0;
  const finish = (): GpuCountResult => ({
    n,
    total: tally.total,
    unique: tally.unique,
    seconds: (performance.now() - started) / 1000,
    subProblems: subs.length,
    resumed,
    kernelSeconds: count.kernelSeconds,
    dispatches: count.dispatches,
    donations: count.donations,
    adapter: adapterName(info),
    lanes,
    workgroupSize: wg,
    levels,
  });
  if (signal?.aborted) throw new CountInterrupted(tally.done, subs.length);
  count.report();
  if (todo.length === 0) return finish();
  if (n < 4) {
    // No inner board to search (n < 4 has at most the n = 1 solution): the CPU engine's answer.
    const fresh = todo.map((sp) => ({ id: sp.id, result: solveSubProblem(n, sp) }));
    for (const { id, result } of fresh) tally.add(id, result);
    await options.checkpoint?.record(fresh);
    count.report();
    return finish();
  }
  const shape = launchShape(n, dmax, wg, levels, todo, wantLanes);
  lanes = shape.lanes;
  const buffers: GPUBuffer[] = [];
  try {
    const bound = await bind(device, compiled!, shape, buffers);
    await dispatchUntilDone(bound, shape, count, options, isSoftwareAdapter(info));
    return finish();
  } finally {
    for (const b of buffers) b.destroy();
  }
}

/** What a count's buffers and dispatches are sized by. */
interface Shape {
  readonly n: number;
  /** Stack rows per lane the pipeline is built for. */
  readonly dmax: number;
  readonly wg: number;
  readonly lanes: number;
  readonly levels: number;
  /** GPU tasks per constellation, and in all. */
  readonly tasksPer: number;
  readonly ntasks: number;
  /** Room in the donation queue. */
  readonly dqCap: number;
  /** The constellations to count, in the order of the kernel's table. */
  readonly todo: readonly SubProblem[];
}

/** A count as it goes: its tally and the counters that its progress and result report. */
interface Running {
  readonly tally: Tally;
  /** Sub-problems in all. */
  readonly total: number;
  dispatches: number;
  donations: number;
  /** Lanes still searching after the last dispatch. */
  searching: number;
  kernelSeconds: number;
  /** Calls `onProgress`, if given, with the above. */
  report(): void;
}

/** Checks the task levels and sizes the launch for the constellations of `todo`. */
function launchShape(
  n: number,
  dmax: number,
  wg: number,
  levels: number,
  todo: readonly SubProblem[],
  wantLanes: number,
): Shape {
  if (!Number.isInteger(levels) || levels < 0 || (levels > 0 && levels > n - 6)) {
    throw new RangeError(
      `levels must be an integer from 0 to ${Math.max(0, n - 6)}: got ${shownValue(levels)}`,
    );
  }
  const tasksPer = (n - 2) ** levels;
  const ntasks = todo.length * tasksPer;
  if (ntasks >= 2 ** 32 - 2 ** 24) throw new RangeError(`too many GPU tasks: ${ntasks}`);
  // Small boards: no more lanes than listed tasks. Large ones keep them all, for donations.
  const cap = n < 16 ? Math.ceil(ntasks / wg) : Number.POSITIVE_INFINITY;
  const lanes = Math.max(wg, Math.min(Math.ceil(wantLanes / wg), cap) * wg);
  return { n, dmax, wg, lanes, levels, tasksPer, ntasks, dqCap: 2 * lanes, todo };
}

/** A count's buffers on the device, bound for its kernels. */
interface Bound {
  /**
   * Starts one dispatch (after a donation pass when `donate` > 0) with this per-lane iteration
   * budget, its results copied to staging buffer `slot`; resolves when they can be read.
   */
  submit(budget: number, donate: number, slot: number): Promise<void>;
  /** The words `slot` holds (once mapped): the accumulators, then the control words. */
  read(slot: number): Uint32Array;
  /** Where the control words start in what `read` returns. */
  readonly ctlAt: number;
}

/**
 * Packs the constellations, uploads them, and binds the buffers for the compiled kernels. Every
 * buffer made is added to `buffers`, for the caller to destroy, even when this throws.
 */
async function bind(
  device: GPUDevice,
  compiled: Promise<Kernels>,
  shape: Shape,
  buffers: GPUBuffer[],
): Promise<Bound> {
  const { n, dmax, wg, lanes, levels, tasksPer, ntasks, dqCap, todo } = shape;
  const laneStride = 16 + dmax;
  const cons = packConstellations(n, dmax, todo);
  const accInit = new Uint32Array(todo.length * ACC_WORDS);
  for (let i = 0; i < todo.length; i++) accInit[i * ACC_WORDS + 6] = tasksPer;
  const buffer = (size: number, usage: number): GPUBuffer => {
    const b = device.createBuffer({ size: Math.max(16, Math.ceil(size / 16) * 16), usage });
    buffers.push(b);
    return b;
  };
  device.pushErrorScope("validation");
  const prmBuf = buffer(64, UNIFORM | COPY_DST);
  const consBuf = buffer(cons.byteLength, STORAGE | COPY_DST);
  const accBuf = buffer(accInit.byteLength, STORAGE | COPY_SRC | COPY_DST);
  const ctlBuf = buffer(CTL_WORDS * 4, STORAGE | COPY_SRC | COPY_DST);
  const laneBuf = buffer(lanes * laneStride * 4, STORAGE);
  const dqBuf = buffer(dqCap * 16, STORAGE);
  const accBytes = accInit.byteLength;
  const readBytes = accBytes + CTL_WORDS * 4;
  const staging = [buffer(readBytes, MAP_READ | COPY_DST), buffer(readBytes, MAP_READ | COPY_DST)];
  device.queue.writeBuffer(consBuf, 0, cons);
  device.queue.writeBuffer(accBuf, 0, accInit);
  const k = await compiled;
  const bindGroup = device.createBindGroup({
    layout: k.layout,
    entries: [prmBuf, consBuf, accBuf, ctlBuf, laneBuf, dqBuf].map((b, binding) => ({
      binding,
      resource: { buffer: b },
    })),
  });
  const setupError = await device.popErrorScope();
  if (setupError) throw new Error(`WebGPU setup failed: ${setupError.message}`);

  const params = new Uint32Array(16);
  params.set([ntasks, tasksPer, 0, levels, lanes, todo.length, n, dqCap, 1]);
  const zero = new Uint32Array(2);
  const submit = (budget: number, donate: number, slot: number): Promise<void> => {
    params[2] = budget;
    params[8] = donate;
    device.queue.writeBuffer(prmBuf, 0, params);
    device.queue.writeBuffer(ctlBuf, 8, zero, 0, 1); // lanes left searching: counted afresh
    if (donate > 0) device.queue.writeBuffer(ctlBuf, 12, zero, 0, 2); // the drained queue
    const enc = device.createCommandEncoder();
    const pass = enc.beginComputePass();
    pass.setBindGroup(0, bindGroup);
    if (donate > 0) {
      pass.setPipeline(k.donate);
      pass.dispatchWorkgroups(lanes / wg);
    }
    pass.setPipeline(k.main);
    pass.dispatchWorkgroups(lanes / wg);
    pass.end();
    enc.copyBufferToBuffer(accBuf, 0, staging[slot], 0, accBytes);
    enc.copyBufferToBuffer(ctlBuf, 0, staging[slot], accBytes, CTL_WORDS * 4);
    device.queue.submit([enc.finish()]);
    return staging[slot].mapAsync(MAP_MODE_READ);
  };
  const read = (slot: number): Uint32Array => {
    const words = new Uint32Array(staging[slot].getMappedRange(0, readBytes).slice(0));
    staging[slot].unmap();
    return words;
  };
  return { submit, read, ctlAt: accBytes / 4 };
}

/** A dispatch in flight: its read-back, staging slot, budget, donation pass, and start. */
type Dispatch = { map: Promise<void>; slot: number; budget: number; donate: number; at: number };

/**
 * Dispatches until every constellation is done, two at a time (one runs while the other's
 * results are read), reporting and recording what each one finished.
 */
async function dispatchUntilDone(
  bound: Bound,
  shape: Shape,
  count: Running,
  options: GpuCountOptions,
  software: boolean,
): Promise<void> {
  const { lanes, ntasks, dqCap, todo } = shape;
  const { tally } = count;
  const target = options.targetDispatchSeconds ?? 0.1;
  const tailTarget = Math.min(target, options.tailDispatchSeconds ?? 0.02);
  const reported = new Uint8Array(todo.length);
  let budget = options.initialBudget ?? (software ? 256 : 4096);
  const start = performance.now();
  let lastDone = start;
  const inflight: Dispatch[] = [];
  const launch = (slot: number, donate: number) => {
    inflight.push({
      map: bound.submit(budget, donate, slot),
      slot,
      budget,
      donate,
      at: performance.now(),
    });
  };
  launch(0, 0);
  launch(1, 0);
  let stalled = 0;
  try {
    for (;;) {
      const job = inflight.shift()!;
      await job.map;
      const now = performance.now();
      const took = (now - Math.max(lastDone, job.at)) / 1000;
      lastDone = now;
      count.kernelSeconds = (now - start) / 1000;
      count.dispatches++;
      const words = bound.read(job.slot);
      const ctl = words.subarray(bound.ctlAt);
      if (ctl[1] !== 0) throw new Error(`GPU kernel: ${ctl[1]} indexes out of range`);
      count.searching = ctl[2];
      const fresh = readFinished(words, todo, reported, tally);
      if (fresh.length > 0) await options.checkpoint?.record(fresh);
      count.report();
      if (tally.done === count.total) break;
      if (options.signal?.aborted) throw new CountInterrupted(tally.done, count.total);
      // The tail: every task handed out, lanes idle. Have the searching lanes give work away,
      // unless a donation is already queued (its tasks are not in this read-back yet).
      const drained = ctl[0] >= ntasks && ctl[3] >= Math.min(ctl[4], dqCap);
      const searching = count.searching;
      const idle = lanes - searching;
      // Everything handed out, nobody searching, nothing donated in flight, yet not done: a bug.
      stalled = drained && searching === 0 && !inflight.some((j) => j.donate > 0) ? stalled + 1 : 0;
      if (stalled >= 2) {
        throw new Error(`internal: the GPU count stalled at ${tally.done} of ${count.total}`);
      }
      let donate = 0;
      if (drained && searching > 0 && idle > 0 && !inflight.some((j) => j.donate > 0)) {
        donate = Math.min(8, Math.max(1, Math.ceil((1.5 * idle) / searching)));
        count.donations++;
      }
      // Scale the budget so that a dispatch lasts about `target` seconds (shorter in the
      // tail, where idle lanes wait for the next donation).
      const aim = drained && idle > lanes / 10 ? tailTarget : target;
      if (took > 0) {
        const want = (job.budget * aim) / took;
        budget = Math.round(Math.min(budget * 4, Math.max(budget / 4, want)));
        budget = Math.min(2 ** 30, Math.max(256, budget));
      }
      launch(job.slot, donate);
    }
  } finally {
    for (const job of inflight) await job.map.catch(() => undefined);
  }
}

/**
 * The constellations that a read-back shows finished (no task left) and that were not reported
 * yet: added to the tally and marked in `reported`.
 */
function readFinished(
  words: Uint32Array,
  todo: readonly SubProblem[],
  reported: Uint8Array,
  tally: Tally,
): GpuSubResult[] {
  const fresh: GpuSubResult[] = [];
  for (let i = 0; i < todo.length; i++) {
    const a = i * ACC_WORDS;
    if (reported[i] || words[a + 6] !== 0) continue;
    reported[i] = 1;
    const result: SubResult = {
      count: words[a] + words[a + 1] * 2 ** 32,
      fixed180: words[a + 2] + words[a + 3] * 2 ** 32,
      fixed90: words[a + 4] + words[a + 5] * 2 ** 32,
    };
    tally.add(todo[i].id, result);
    fresh.push({ id: todo[i].id, result });
  }
  return fresh;
}
