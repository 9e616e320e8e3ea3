/**
 * The WebGPU backend, browser-safe part: the kernel source and the driver that counts on a given
 * `GPUDevice`. Node code that wants a device opened for it imports `./node.js` instead.
 */
export {
  adapterName,
  countGpuOnDevice,
  defaultLevels,
  GPU_MAX_N,
  type GpuCheckpoint,
  type GpuCountOptions,
  type GpuCountResult,
  type GpuProgress,
  type GpuSubResult,
  isSoftwareAdapter,
  requestCountingDevice,
} from "./count-gpu.js";
export { KERNEL_WGSL } from "./kernel.wgsl.js";
