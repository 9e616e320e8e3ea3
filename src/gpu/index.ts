/**
 * The WebGPU backend, browser-safe part: the kernel source and the driver that counts on a given
 * `GPUDevice`. Node code that wants a device opened for it imports `./node.js` instead.
 */
export {
  adapterName,
  countGpuOnDevice,
  GPU_MAX_N,
  type GpuProgress,
  isSoftwareAdapter,
  requestCountingDevice,
} from "./count-gpu.js";
