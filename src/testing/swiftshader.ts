/**
 * Test and CI support for the GPU code without a GPU: Debian's chromium ships SwiftShader, a
 * Vulkan driver that runs on the CPU, which gives Dawn (the webgpu package) a slow but real
 * adapter. Never part of the package.
 */
import { existsSync } from "node:fs";

/** Where Debian's chromium package keeps SwiftShader, a Vulkan driver that runs on the CPU. */
export const SWIFTSHADER_ICD = "/usr/lib/chromium/vk_swiftshader_icd.json";
const CHROMIUM_VULKAN_LOADER = "/usr/lib/chromium/libvulkan.so.1";

/**
 * Test and CI aid: makes Dawn see SwiftShader when Debian's chromium is installed, even without
 * the system Vulkan loader (libvulkan1): sets VK_ICD_FILENAMES and loads chromium's own
 * libvulkan.so.1 for good (RTLD_NODELETE), so that Dawn's later dlopen("libvulkan.so.1") finds it.
 * Call before the first `requestNodeGpu`. Returns why it could not, or undefined.
 */
export function useSwiftShader(): string | undefined {
  if (!existsSync(SWIFTSHADER_ICD)) return `${SWIFTSHADER_ICD} not found (Debian package chromium)`;
  process.env.VK_ICD_FILENAMES ??= SWIFTSHADER_ICD;
  if (existsSync(CHROMIUM_VULKAN_LOADER) && process.platform === "linux") {
    const RTLD_NOW = 2;
    const RTLD_GLOBAL = 256;
    const RTLD_NODELETE = 4096; // glibc; not in os.constants.dlopen
    try {
      process.dlopen(
        { exports: {} },
        CHROMIUM_VULKAN_LOADER,
        RTLD_NOW | RTLD_GLOBAL | RTLD_NODELETE,
      );
    } catch {
      // "Module did not self-register": expected, it is not a Node addon; it stays loaded.
    }
  }
  return undefined;
}
