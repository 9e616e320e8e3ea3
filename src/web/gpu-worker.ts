/**
 * The page's GPU worker: opens a WebGPU device from the worker's own `navigator.gpu` and counts
 * one n with the library's WebGPU driver (src/gpu), posting the adapter, progress and the result.
 * Where workers have no WebGPU it says so at once and the page counts on its own thread. The page
 * terminates the worker to cancel.
 */
/// <reference lib="webworker" />
import { countOnGpu, openGpu } from "./gpu-device.js";
import type { GpuJob, GpuReply } from "./protocol.js";

declare const self: DedicatedWorkerGlobalScope;

const post = (reply: GpuReply) => self.postMessage(reply);

self.onmessage = async (e: MessageEvent<GpuJob>) => {
  const started = performance.now();
  const gpu = (self.navigator as WorkerNavigator & { gpu?: GPU }).gpu;
  if (!gpu) {
    post({ type: "no-worker-gpu" });
    return;
  }
  try {
    const opened = await openGpu(gpu);
    post({ type: "adapter", name: opened.name, software: opened.software });
    const outcome = await countOnGpu(opened, e.data.n, "worker", started, { onProgress: post });
    post({ type: "done", outcome });
  } catch (err) {
    post({ type: "error", message: err instanceof Error ? err.message : String(err) });
  }
};
