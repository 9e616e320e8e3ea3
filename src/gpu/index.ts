/// <reference types="@webgpu/types" />
import "./webgpu-globals.js";
/**
 * Counting on a GPU (WebGPU) with the conventions of the CPU's `count`: a checkpoint file path,
 * progress, an abort signal that rejects with `CountInterrupted`. In Node, `countGpu` opens a
 * device through Dawn (the optional `webgpu` package) unless it is given one; `gpuAvailable` says
 * whether there is an adapter. Bundlers get gpu/browser.ts (no Dawn).
 * @packageDocumentation
 */
import { type Checkpoint, openCheckpoint, split, splitVersion } from "../engine/index.js";
import { checkSize, NQueensError } from "../errors.js";
import { MAX_GPU_N } from "../limits.js";
import { checkJobOptions, checkOptions, wrongShape } from "../shapes.js";
import type { GpuAvailability } from "./browser.js";
import { countGpuOnDevice, type GpuCountOptions, type GpuCountResult } from "./count-gpu.js";
import { type NodeGpu, type NodeGpuOptions, requestNodeGpu } from "./node-device.js";

export { GPU_AUTO_MIN_N, MAX_GPU_N as GPU_MAX_N } from "../limits.js";
export type { GpuAvailability } from "./browser.js";
export type { GpuCountResult, GpuProgress } from "./count-gpu.js";
export { type NodeGpu, type NodeGpuOptions, requestNodeGpu } from "./node-device.js";

/**
 * Options of {@link countGpu}: those of the device count (its test aid aside), Dawn's, and a
 * checkpoint file.
 */
export interface CountGpuOptions
  extends Omit<GpuCountOptions, "checkpoint" | "checkBounds">,
    NodeGpuOptions {
  /** A device to count on; by default one is opened (and closed) with `requestNodeGpu`. */
  device?: GPUDevice;
  /**
   * A checkpoint file to resume from and record to: the CPU engine's format, split and ids, so
   * either backend can resume the other's.
   */
  checkpoint?: string;
}

/**
 * Counts the n-queens solutions on a GPU.
 * @param n - the board's size, 1 to 28
 * @param options - a device (else one is opened, see {@link NodeGpuOptions}), a checkpoint file,
 *   progress, an abort signal and the kernel's sizes
 * @returns the total and unique counts, with the seconds, the kernel's time, the dispatches and the
 *   adapter
 * @throws NQueensError (rejects) when n is not in 1..28, when no WebGPU adapter is found
 *   (`no WebGPU adapter found (...)`), or for a checkpoint that cannot be used (left intact);
 *   CountInterrupted when `signal` aborts
 * @example (await countGpu(12)).total // 14200n
 */
export async function countGpu(n: number, options: CountGpuOptions = {}): Promise<GpuCountResult> {
  checkSize(n, MAX_GPU_N, "n for the GPU backend");
  checkJobOptions(checkOptions(options, "countGpu"), "countGpu");
  if (options.checkpoint !== undefined && typeof options.checkpoint !== "string") {
    throw wrongShape("countGpu", "options.checkpoint", "a file name", options.checkpoint);
  }
  let gpu: NodeGpu | undefined;
  let checkpoint: Checkpoint | undefined;
  try {
    let device = options.device;
    if (!device) {
      gpu = await requestNodeGpu(options);
      device = gpu.device;
    }
    if (options.checkpoint !== undefined) {
      checkpoint = openCheckpoint(options.checkpoint, n, splitVersion(n), split(n).length);
    }
    const cp = checkpoint;
    return await countGpuOnDevice(device, n, {
      ...options,
      checkpoint: cp && {
        done: cp.results,
        record(results) {
          for (const { id, result } of results) cp.append(id, result);
        },
      },
    });
  } finally {
    checkpoint?.close();
    gpu?.close();
  }
}

/**
 * Looks for a WebGPU adapter (opens and closes a device: a fraction of a second).
 * @returns whether an adapter was found, its name and whether it is a software one, or why there is
 *   none
 * @example (await gpuAvailable()).available // false on a machine without a GPU
 */
export async function gpuAvailable(): Promise<GpuAvailability> {
  try {
    const gpu = await requestNodeGpu({ quiet: true });
    gpu.close();
    return { available: true, name: gpu.name, software: gpu.software };
  } catch (e) {
    if (e instanceof NQueensError) return { available: false, reason: e.message };
    return { available: false, reason: e instanceof Error ? e.message : String(e) };
  }
}
