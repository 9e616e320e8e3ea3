/**
 * The WebGPU interfaces the public declarations of `nqueens/gpu` name, declared empty so that
 * they always resolve: for a user whose TypeScript has WebGPU (lib.dom of TypeScript 6 and
 * later, or the @webgpu/types package) these merge with the real ones (interfaces merge), and a
 * Node project without either still type-checks, with opaque device types. (Referencing
 * @webgpu/types from the declarations instead breaks the first group: its type aliases clash
 * with lib.dom's.) The library's own sources use the full @webgpu/types.
 */
declare global {
  interface GPU {}
  interface GPUAdapter {}
  interface GPUAdapterInfo {}
  interface GPUDevice {}
}

export {};
