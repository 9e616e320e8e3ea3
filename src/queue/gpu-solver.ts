/**
 * Solving a job's sub-problems on a GPU with the WebGPU backend (src/gpu). The backend counts a
 * whole split and resumes from a checkpoint; a job's range is counted by handing it a checkpoint
 * in which every other sub-problem is already "done" (their placeholder results feed only the
 * backend's own totals, which are not used), and taking each result from `record`.
 *
 * Loaded only when a worker asks for the GPU, so CPU workers never load Dawn.
 */
import { type SubResult, split } from "../engine/index.js";
import { MAX_GPU_N } from "../limits.js";

/** A GPU opened for a worker. */
export interface GpuSolver {
  /** The adapter's description. */
  readonly name: string;
  /** A CPU (software) adapter such as SwiftShader: exact, but slower than the CPU engine. */
  readonly software: boolean;
  /** The largest n the GPU kernel takes. */
  readonly maxN: number;
  solve(
    n: number,
    ids: readonly number[],
    onResult: (id: number, r: SubResult) => void,
  ): Promise<void>;
  close(): void;
}

const NOTHING: SubResult = { count: 0, fixed180: 0, fixed90: 0 };

/**
 * Opens the first WebGPU adapter.
 * @throws NQueensError when there is none
 */
export async function openGpuSolver(): Promise<GpuSolver> {
  const [{ requestNodeGpu }, { countGpuOnDevice }] = await Promise.all([
    import("../gpu/index.js"),
    import("../gpu/browser.js"),
  ]);
  const gpu = await requestNodeGpu();
  return {
    name: gpu.name,
    software: gpu.software,
    maxN: MAX_GPU_N,
    async solve(n, ids, onResult) {
      if (ids.length === 0) return;
      const wanted = new Set(ids);
      const done = new Map<number, SubResult>();
      for (const sp of split(n)) if (!wanted.has(sp.id)) done.set(sp.id, NOTHING);
      await countGpuOnDevice(gpu.device, n, {
        checkpoint: {
          done,
          record: (results) => {
            for (const { id, result } of results) if (wanted.has(id)) onResult(id, result);
          },
        },
      });
    },
    close: () => gpu.close(),
  };
}
