/**
 * The WebGPU backend, browser-safe part: the kernel source and the driver that counts on a given
 * `GPUDevice` (the page's part, as src/browser.ts is the root's). Node code that wants a device
 * opened for it imports `./index.js`, the `nqueens/gpu` entry, instead.
 */
export {
  adapterName,
  countGpuOnDevice,
  type GpuProgress,
  isSoftwareAdapter,
  requestCountingDevice,
} from "./count-gpu.js";
