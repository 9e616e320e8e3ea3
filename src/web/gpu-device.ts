/// <reference types="@webgpu/types" />
/**
 * The page's GPU count, where it runs: opens a WebGPU device from `navigator.gpu` (a window's or a
 * worker's) and counts on it with the library's WebGPU driver and WGSL kernel (src/gpu), the same
 * code and shader that `nqueens count --backend gpu` runs in Node. No DOM: the GPU worker
 * (gpu-worker.ts) and the page's own-thread fallback (gpu-count.ts) both use it.
 */
import {
  adapterName,
  countGpuOnDevice,
  type GpuProgress,
  isSoftwareAdapter,
  requestCountingDevice,
} from "../gpu/browser.js";
import { MAX_GPU_N } from "../limits.js";
import type { GpuOutcome, GpuProgressReply } from "./protocol.js";

/** A device and what the page shows of its adapter. */
export interface OpenedGpu {
  readonly device: GPUDevice;
  /** The adapter's name in one line, e.g. "NVIDIA GeForce RTX 4070" or "google swiftshader". */
  readonly name: string;
  /** A CPU (software) adapter such as SwiftShader: exact but slow. */
  readonly software: boolean;
}

/** What the page shows before a count: the adapter, or why there is none. */
export type GpuSupport =
  | {
      readonly ok: true;
      readonly name: string;
      readonly software: boolean;
      /** The largest n the GPU counter takes. */
      readonly maxN: number;
    }
  | {
      readonly ok: false;
      /** Why there is no GPU (the page words it in its language); `detail` is the error's text. */
      readonly why: "insecure" | "no-api" | "no-adapter" | "error";
      readonly detail?: string;
    };

/** Asks `gpu` (a `navigator.gpu`, possibly missing) for an adapter, without opening a device. */
export async function probeGpu(gpu: GPU | undefined): Promise<GpuSupport> {
  if (!gpu) return { ok: false, why: globalThis.isSecureContext === false ? "insecure" : "no-api" };
  try {
    const adapter = await gpu.requestAdapter({ powerPreference: "high-performance" });
    if (!adapter) return { ok: false, why: "no-adapter" };
    return {
      ok: true,
      name: adapterName(adapter.info) || "unnamed adapter",
      software: isSoftwareAdapter(adapter.info),
      maxN: MAX_GPU_N,
    };
  } catch (e) {
    return { ok: false, why: "error", detail: e instanceof Error ? e.message : String(e) };
  }
}

/**
 * Opens a device on the first high-performance adapter, with the adapter's largest buffers.
 * @throws Error when there is no adapter or the device cannot be created
 */
export async function openGpu(gpu: GPU): Promise<OpenedGpu> {
  const opened = await requestCountingDevice(gpu);
  if (!opened) throw new Error("no WebGPU adapter found");
  const { adapter, device } = opened;
  return {
    device,
    name: adapterName(adapter.info) || "unnamed adapter",
    software: isSoftwareAdapter(adapter.info),
  };
}

/**
 * Counts n on `opened.device`; rejects if the device is lost or reports an error meanwhile.
 * Destroys the device when done.
 */
export async function countOnGpu(
  opened: OpenedGpu,
  n: number,
  where: GpuOutcome["where"],
  started: number,
  options: { onProgress?: (p: GpuProgressReply) => void; signal?: AbortSignal } = {},
): Promise<GpuOutcome> {
  const { device } = opened;
  const report = options.onProgress;
  const onProgress = report
    ? (p: GpuProgress) =>
        report({
          type: "progress",
          done: p.done,
          total: p.total,
          found: String(p.solutions),
          unique: String(p.unique),
          dispatches: p.dispatches,
        })
    : undefined;
  let failed: ((e: Error) => void) | undefined;
  const failure = new Promise<never>((_, reject) => {
    failed = reject;
  });
  failure.catch(() => undefined);
  device.lost.then((info) => {
    if (info.reason !== "destroyed")
      failed?.(new Error(`the GPU device was lost: ${info.message}`));
  });
  device.onuncapturederror = (e) => failed?.(new Error(`WebGPU error: ${e.error.message}`));
  try {
    const r = await Promise.race([
      countGpuOnDevice(device, n, { signal: options.signal, onProgress }),
      failure,
    ]);
    return {
      n,
      total: String(r.total),
      unique: String(r.unique),
      seconds: (performance.now() - started) / 1000,
      kernelSeconds: r.kernelSeconds,
      subProblems: r.subProblems,
      dispatches: r.dispatches,
      adapter: r.adapter || opened.name,
      where,
    };
  } finally {
    failed = undefined;
    device.destroy();
  }
}
