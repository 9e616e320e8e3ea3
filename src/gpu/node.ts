/// <reference types="@webgpu/types" />
/**
 * The GPU backend for Node: `countGpu` opens a Dawn device when it is not given one, and
 * `gpuAvailable` says whether there is an adapter (and whether it is a real GPU).
 */
import { NQueensError } from "../errors.js";
import { countGpuOnDevice, type GpuCountOptions, type GpuCountResult } from "./count-gpu.js";
import { type NodeGpuOptions, requestNodeGpu } from "./node-device.js";

export interface CountGpuOptions extends GpuCountOptions, NodeGpuOptions {
  /** A device to count on; by default one is opened (and closed) with `requestNodeGpu`. */
  device?: GPUDevice;
}

/**
 * Counts the n-queens solutions on a GPU.
 * @throws NQueensError when n is out of range or no WebGPU adapter is found
 * @example (await countGpu(12)).total // 14200n
 */
export async function countGpu(n: number, options: CountGpuOptions = {}): Promise<GpuCountResult> {
  if (options.device) return countGpuOnDevice(options.device, n, options);
  const gpu = await requestNodeGpu(options);
  try {
    return await countGpuOnDevice(gpu.device, n, options);
  } finally {
    gpu.close();
  }
}

/** Whether a WebGPU adapter is there, its name, and whether it is a software (CPU) one. */
export type GpuAvailability =
  | { readonly available: true; readonly name: string; readonly software: boolean }
  | { readonly available: false; readonly reason: string };

/**
 * Looks for a WebGPU adapter (opens and closes a device, a fraction of a second).
 * @example (await gpuAvailable()).available // false on a machine without a GPU
 */
export async function gpuAvailable(): Promise<GpuAvailability> {
  try {
    const gpu = await requestNodeGpu();
    gpu.close();
    return { available: true, name: gpu.name, software: gpu.software };
  } catch (e) {
    if (e instanceof NQueensError) return { available: false, reason: e.message };
    return { available: false, reason: e instanceof Error ? e.message : String(e) };
  }
}
