/// <reference types="@webgpu/types" />
import "./webgpu-globals.js";
/**
 * WebGPU in Node: a device from the `webgpu` package (Dawn). Node only; the web page gets its
 * device from `navigator.gpu` and never imports this file.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { NQueensError } from "../errors.js";
import { checkOptions } from "../shapes.js";
import { adapterName, isSoftwareAdapter, requestCountingDevice } from "./count-gpu.js";

/** A device and what keeps it alive; `close()` destroys it so that the process can exit. */
export interface NodeGpu {
  /** The device opened, to count on (`countGpu`'s `device`). */
  readonly device: GPUDevice;
  /** The adapter it was opened on. */
  readonly adapter: GPUAdapter;
  /** The adapter's description, e.g. "NVIDIA H200" or "SwiftShader driver 5.0.0". */
  readonly name: string;
  /** A CPU (software) adapter such as SwiftShader: exact but slower than the CPU engine. */
  readonly software: boolean;
  /** Destroys the device and lets go of Dawn, so that the process can exit. */
  close(): void;
}

/** How {@link requestNodeGpu} opens Dawn and its device. */
export interface NodeGpuOptions {
  /**
   * Do not start Dawn when no Vulkan loader (libvulkan.so.1) is installed (Linux): Dawn would only
   * print warnings on stderr before finding no adapter. For probing (`--backend auto`).
   * @default false
   */
  quiet?: boolean;
  /**
   * Keep Dawn's bounds clamping on. Off by default: every index of the kernel is in range by
   * construction (see kernel.wgsl.ts), and clamping costs about a fifth of the time.
   * @default false
   */
  robust?: boolean;
}

type DawnModule = { create(flags: string[]): GPU };

let dawn: Promise<DawnModule> | undefined;

/** The install command users need when the optional `webgpu` package is not there. */
const WEBGPU_INSTALL = "npm install webgpu";

/** Whether the optional `webgpu` package (Dawn for Node) can be loaded from here. */
function dawnInstalled(): boolean {
  try {
    import.meta.resolve("webgpu");
    return true;
  } catch {
    return false;
  }
}

function loadDawn(): Promise<DawnModule> {
  if (!dawnInstalled()) {
    return Promise.reject(
      new NQueensError(
        `the GPU backend needs the optional package webgpu (Dawn): ${WEBGPU_INSTALL}`,
        "missing-package",
        { packages: ["webgpu"] },
      ),
    );
  }
  dawn ??= import("webgpu").then((m) => m as unknown as DawnModule);
  return dawn;
}

/** Why Dawn may have found no adapter, for the error message. */
function noAdapterHint(): string {
  const icd = process.env.VK_ICD_FILENAMES ?? process.env.VK_DRIVER_FILES;
  if (icd) return `Vulkan driver file ${icd}; is libvulkan.so.1 installed?`;
  return "no Vulkan driver or loader; a software one: VK_ICD_FILENAMES=/usr/lib/chromium/vk_swiftshader_icd.json";
}

/**
 * Whether the Vulkan loader can be found (always true off Linux: Dawn decides there): in
 * LD_LIBRARY_PATH, the linker cache, the usual directories, or already loaded.
 */
function vulkanLoaderFound(): boolean {
  if (process.platform !== "linux") return true;
  const name = "libvulkan.so.1";
  const dirs = (process.env.LD_LIBRARY_PATH ?? "").split(":").filter(Boolean);
  dirs.push("/usr/lib/x86_64-linux-gnu", "/usr/lib/aarch64-linux-gnu", "/usr/lib64", "/usr/lib");
  if (dirs.some((d) => existsSync(join(d, name)))) return true;
  for (const f of ["/etc/ld.so.cache", "/proc/self/maps"]) {
    try {
      if (readFileSync(f).includes(name)) return true;
    } catch {}
  }
  return false;
}

/**
 * Opens the first high-performance WebGPU adapter and a device on it.
 * @param options - `quiet`: no Dawn at all without a Vulkan loader; `robust`: keep Dawn's bounds
 *   clamping on
 * @returns the device and its adapter, the adapter's name, whether it is a software one, and
 *   `close()`, which lets the process exit
 * @throws NQueensError `no WebGPU adapter found (...)` when there is none, and one that names
 *   the install command when the optional `webgpu` package is missing
 */
export async function requestNodeGpu(options: NodeGpuOptions = {}): Promise<NodeGpu> {
  checkOptions(options, "requestNodeGpu");
  if (!dawnInstalled()) await loadDawn(); // says which package to install
  if (options.quiet && !vulkanLoaderFound()) {
    throw new NQueensError("no WebGPU adapter found (no Vulkan loader: libvulkan.so.1)", "no-gpu");
  }
  const { create } = await loadDawn();
  const flags = options.robust ? [] : ["enable-dawn-features=disable_robustness"];
  let gpu: GPU | undefined = create(flags);
  const opened = await requestCountingDevice(gpu);
  if (!opened) throw new NQueensError(`no WebGPU adapter found (${noAdapterHint()})`, "no-gpu");
  const { adapter, device } = opened;
  return {
    device,
    adapter,
    name: adapterName(adapter.info),
    software: isSoftwareAdapter(adapter.info),
    close() {
      device.destroy();
      // Dropping the last reference to the Dawn instance lets Node exit.
      gpu = undefined;
    },
  };
}
