/**
 * The join folder's Node-free part: its WebAssembly assembler (asm.ts), which the completion's
 * lean kernel (completion/lean-kernel-wasm.ts) also writes its module with.
 */
export { assemble, type FuncSpec, i32s } from "./asm.js";
