// A stand-in GPU for the backend decision's tests: no GPU, Dawn or Redis is needed.
import type { GpuAccess, OpenedGpu } from "../backend-choice.js";

/** What the machine has: a hardware adapter, a software one (SwiftShader), or none. */
export type Adapter = "hardware" | "software" | "none";

/** A stand-in GPU and what was done with it: loaded (the GPU module), opened, closed. */
export function standIn(adapter: Adapter) {
  const seen = { loaded: false, opened: false, closed: false };
  const access = async (): Promise<GpuAccess<OpenedGpu>> => {
    seen.loaded = true;
    return {
      autoFromN: 16,
      maxN: 28,
      async open() {
        seen.opened = true;
        if (adapter === "none") throw new Error("no WebGPU adapter found (stand-in)\nsecond line");
        return {
          name: adapter === "software" ? "SwiftShader" : "Big GPU",
          software: adapter === "software",
          close: () => {
            seen.closed = true;
          },
        };
      },
    };
  };
  return { access, seen };
}
