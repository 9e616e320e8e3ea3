/// <reference types="@webgpu/types" />
import "./webgpu-globals.js";
/**
 * The WebGPU backend without Node: the `browser` build of `nqueens/gpu` (what a bundler picks
 * for a page) and the folder's Node-free door (the page's GPU worker counts through it). The
 * same driver and WGSL kernel as Node's `countGpu`, on a device from `navigator.gpu` (a
 * window's or a worker's) instead of Dawn, and without a checkpoint file (a page has no files).
 */
import { NQueensError } from "../errors.js";
import {
  adapterName,
  countGpuOnDevice,
  type GpuCountOptions,
  type GpuCountResult,
  isSoftwareAdapter,
  requestCountingDevice,
} from "./count-gpu.js";

export { GPU_AUTO_MIN_N, MAX_GPU_N as GPU_MAX_N } from "../limits.js";
export {
  adapterName,
  countGpuOnDevice,
  type GpuCountResult,
  type GpuProgress,
  isSoftwareAdapter,
  requestCountingDevice,
} from "./count-gpu.js";

/** Whether a WebGPU adapter is there, its name, and whether it is a software (CPU) one. */
export type GpuAvailability =
  | { readonly available: true; readonly name: string; readonly software: boolean }
  | { readonly available: false; readonly reason: string };

/** Options of the browser's {@link countGpu}: the device count's, and where to find a GPU. */
export interface BrowserCountGpuOptions
  extends Omit<GpuCountOptions, "checkpoint" | "checkBounds"> {
  /** A device to count on; by default one is opened on `gpu` and destroyed after the count. */
  device?: GPUDevice;
  /** The WebGPU entry to open a device on. @default navigator.gpu */
  gpu?: GPU;
}

/** `navigator.gpu`, in a window or a worker, or undefined. */
function navigatorGpu(): GPU | undefined {
  return (globalThis as { navigator?: { gpu?: GPU } }).navigator?.gpu;
}

/**
 * Counts the n-queens solutions on the page's GPU (WebGPU).
 * @throws NQueensError (rejects) when n is not in 1..28 or there is no WebGPU adapter;
 *   CountInterrupted when `signal` aborts
 * @example (await countGpu(12)).total // 14200n, in a browser with WebGPU
 */
export async function countGpu(
  n: number,
  options: BrowserCountGpuOptions = {},
): Promise<GpuCountResult> {
  if (options.device) return countGpuOnDevice(options.device, n, options);
  const gpu = options.gpu ?? navigatorGpu();
  if (!gpu) throw new NQueensError("no WebGPU here: navigator.gpu is missing");
  const opened = await requestCountingDevice(gpu);
  if (!opened) throw new NQueensError("no WebGPU adapter found");
  try {
    return await countGpuOnDevice(opened.device, n, options);
  } finally {
    opened.device.destroy();
  }
}

/**
 * Looks for a WebGPU adapter on `gpu` (without opening a device).
 * @example (await gpuAvailable()).available // false in a browser without WebGPU
 */
export async function gpuAvailable(
  gpu: GPU | undefined = navigatorGpu(),
): Promise<GpuAvailability> {
  if (!gpu) return { available: false, reason: "navigator.gpu is missing" };
  try {
    const adapter = await gpu.requestAdapter({ powerPreference: "high-performance" });
    if (!adapter) return { available: false, reason: "no WebGPU adapter found" };
    const name = adapterName(adapter.info) || "unnamed adapter";
    return { available: true, name, software: isSoftwareAdapter(adapter.info) };
  } catch (e) {
    return { available: false, reason: e instanceof Error ? e.message : String(e) };
  }
}
