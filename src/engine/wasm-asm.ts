/**
 * A tiny WebAssembly assembler for the join's kernels (join/kernel-wasm.ts), the canonical
 * search's (canonical-wasm.ts) and the completion's lean kernel: function bodies are written as flat,
 * wat-like text (one instruction after another, `block $l` ... `end`, `br_if $l`, named locals as
 * `$x`, memory offsets as `offset=16`) and assembled here into a module, with no toolchain at
 * build time (as engine/kernel-wasm.ts does for the backtracking kernel, but readable as text).
 *
 * Only what the kernels use is supported: i32, i64 and v128 values, one imported memory, void
 * blocks, calls between the module's own functions. Unknown mnemonics, locals and labels throw
 * when the module is assembled, so a typo fails the tests, not a count.
 */
import { append, section, sleb, uleb, utf8, vec } from "./wasm-encoding.js";

/** A value type. */
type ValType = "i32" | "i64" | "f64" | "v128";

const TYPE: Record<ValType, number> = { i32: 0x7f, i64: 0x7e, f64: 0x7c, v128: 0x7b };

/** Plain opcodes (no immediate), by mnemonic. */
const PLAIN: Record<string, number> = {
  unreachable: 0x00,
  nop: 0x01,
  else: 0x05,
  return: 0x0f,
  drop: 0x1a,
  select: 0x1b,
  "i32.eqz": 0x45,
  "i32.eq": 0x46,
  "i32.ne": 0x47,
  "i32.lt_s": 0x48,
  "i32.lt_u": 0x49,
  "i32.gt_s": 0x4a,
  "i32.gt_u": 0x4b,
  "i32.le_s": 0x4c,
  "i32.le_u": 0x4d,
  "i32.ge_s": 0x4e,
  "i32.ge_u": 0x4f,
  "i64.eqz": 0x50,
  "i64.eq": 0x51,
  "i64.ne": 0x52,
  "i64.lt_u": 0x54,
  "i64.gt_u": 0x56,
  "i64.le_u": 0x58,
  "i64.ge_u": 0x5a,
  "i32.clz": 0x67,
  "i32.ctz": 0x68,
  "i32.popcnt": 0x69,
  "i32.add": 0x6a,
  "i32.sub": 0x6b,
  "i32.mul": 0x6c,
  "i32.div_u": 0x6e,
  "i32.rem_u": 0x70,
  "i32.and": 0x71,
  "i32.or": 0x72,
  "i32.xor": 0x73,
  "i32.shl": 0x74,
  "i32.shr_s": 0x75,
  "i32.shr_u": 0x76,
  "i64.clz": 0x79,
  "i64.ctz": 0x7a,
  "i64.popcnt": 0x7b,
  "i64.add": 0x7c,
  "i64.sub": 0x7d,
  "i64.mul": 0x7e,
  "i64.and": 0x83,
  "i64.or": 0x84,
  "i64.xor": 0x85,
  "i64.shl": 0x86,
  "i64.shr_u": 0x88,
  "i32.wrap_i64": 0xa7,
  "i64.extend_i32_u": 0xad,
  "f64.convert_i64_u": 0xba,
};

/** Loads and stores: opcode and natural alignment (log2 bytes). */
const MEMORY: Record<string, [number, number]> = {
  "i32.load": [0x28, 2],
  "i64.load": [0x29, 3],
  "i32.load8_u": [0x2d, 0],
  "i32.load16_u": [0x2f, 1],
  "i64.load8_u": [0x31, 0],
  "i64.load16_u": [0x33, 1],
  "i64.load32_u": [0x35, 2],
  "i32.store": [0x36, 2],
  "i64.store": [0x37, 3],
  "i32.store8": [0x3a, 0],
  "i32.store16": [0x3b, 1],
  "i64.store32": [0x3e, 2],
};

/** SIMD opcodes (prefix 0xfd) without immediates. */
const SIMD: Record<string, number> = {
  "i8x16.swizzle": 14,
  "i8x16.splat": 15,
  "i16x8.splat": 16,
  "i32x4.splat": 17,
  "i64x2.splat": 18,
  "i8x16.eq": 35,
  "i32x4.eq": 55,
  "v128.not": 77,
  "v128.and": 78,
  "v128.andnot": 79,
  "v128.or": 80,
  "v128.xor": 81,
  "v128.any_true": 83,
  "i8x16.popcnt": 98,
  "i8x16.bitmask": 100,
  "i8x16.shl": 107,
  "i8x16.shr_u": 109,
  "i8x16.add": 110,
  "i8x16.sub": 113,
  "i16x8.extadd_pairwise_i8x16_u": 125,
  "i32x4.extadd_pairwise_i16x8_u": 127,
  "i16x8.extend_low_i8x16_u": 137,
  "i16x8.extend_high_i8x16_u": 138,
  "i16x8.shl": 139,
  "i32x4.bitmask": 164,
  "i32x4.extend_low_i16x8_u": 169,
  "i32x4.extend_high_i16x8_u": 170,
  "i32x4.shr_u": 173,
  "i32x4.add": 174,
  "i64x2.extend_low_i32x4_u": 201,
  "i64x2.extend_high_i32x4_u": 202,
  "i64x2.add": 206,
};

/** SIMD memory ops: opcode and natural alignment. */
const SIMD_MEMORY: Record<string, [number, number]> = {
  "v128.load": [0, 4],
  "v128.store": [11, 4],
};

/** SIMD lane ops: opcode (one lane-index byte follows). */
const SIMD_LANE: Record<string, number> = {
  "i32x4.extract_lane": 27,
  "i64x2.extract_lane": 29,
  "i64x2.replace_lane": 30,
};

/** A function of the module: typed, named parameters and locals, and a wat-like body. */
export interface FuncSpec {
  readonly name: string;
  /** Exported under its name. */
  readonly export?: boolean;
  /** Parameters in order, by name. */
  readonly params: Readonly<Record<string, ValType>>;
  readonly results?: readonly ValType[];
  readonly locals?: Readonly<Record<string, ValType>>;
  /** Instructions, whitespace-separated; `;;` starts a comment to the end of the line. */
  readonly body: string;
}

/** Names, each an i32: a function's parameters or locals. */
export function i32s(...names: string[]): Record<string, "i32"> {
  return Object.fromEntries(names.map((name) => [name, "i32"]));
}

/** The memory the module imports as env.memory. */
export interface MemorySpec {
  readonly initialPages: number;
  readonly maximumPages: number;
  readonly shared?: boolean;
}

/** An integer constant as written: decimal or hexadecimal, maybe negative. */
const INTEGER = /^-?(0x[0-9a-f]+|\d+)$/i;

function parseInt64(text: string): bigint {
  if (!INTEGER.test(text)) throw new Error(`asm: not an integer: ${text}`);
  const negative = text.startsWith("-");
  const value = BigInt(negative ? text.slice(1) : text);
  return negative ? -value : value;
}

/** An i32 constant's value, wrapped to 32 bits as i32.const does (0xffffffff is -1). */
function parseInt32(text: string): number {
  if (!INTEGER.test(text)) throw new Error(`asm: not an integer: ${text}`);
  const value = Number(text);
  if (!Number.isSafeInteger(value)) return Number(BigInt.asIntN(32, parseInt64(text)));
  return value | 0;
}

/** How an instruction is encoded: its bytes, then what its immediates are. */
type Encoding =
  | { readonly kind: "plain"; readonly bytes: readonly number[] }
  | { readonly kind: "memory"; readonly bytes: readonly number[]; readonly align: number }
  | { readonly kind: "lane"; readonly bytes: readonly number[] };

/** `v128.const`'s opcode; its 16 bytes follow. */
const V128_CONST = [0xfd, ...uleb(12)];

/** Every mnemonic but the structured ones (blocks, `end`, branches, locals, calls, constants). */
const ENCODINGS = new Map<string, Encoding>([
  ...Object.entries(PLAIN).map(([op, code]): [string, Encoding] => [
    op,
    { kind: "plain", bytes: [code] },
  ]),
  ...Object.entries(MEMORY).map(([op, [code, align]]): [string, Encoding] => [
    op,
    { kind: "memory", bytes: [code], align },
  ]),
  ...Object.entries(SIMD).map(([op, code]): [string, Encoding] => [
    op,
    { kind: "plain", bytes: [0xfd, ...uleb(code)] },
  ]),
  ...Object.entries(SIMD_MEMORY).map(([op, [code, align]]): [string, Encoding] => [
    op,
    { kind: "memory", bytes: [0xfd, ...uleb(code)], align },
  ]),
  ...Object.entries(SIMD_LANE).map(([op, code]): [string, Encoding] => [
    op,
    { kind: "lane", bytes: [0xfd, ...uleb(code)] },
  ]),
  ["v128.zero", { kind: "plain", bytes: [...V128_CONST, ...new Array(16).fill(0)] }],
]);

const LOCAL_OPS: Record<string, number> = {
  "local.get": 0x20,
  "local.set": 0x21,
  "local.tee": 0x22,
};
const BLOCK_OPS: Record<string, number> = { block: 0x02, loop: 0x03, if: 0x04 };

/** One body being assembled: its tokens, where the next one is, and the bytes so far. */
interface Body {
  readonly tokens: readonly string[];
  i: number;
  readonly code: number[];
  /** The labels of the open blocks, innermost last (null: a block without a label). */
  readonly labels: (string | null)[];
  readonly funcIndex: ReadonlyMap<string, number>;
  /** The slot of a local, by `$name`; throws for an unknown one. */
  local(token: string | undefined): number;
  fail(what: string): never;
}

/** Appends one instruction's bytes (its mnemonic already read), reading its immediates. */
type Instruction = (body: Body) => void;

/** Reads `offset=` and `align=` after a memory instruction and appends its memarg. */
function memarg(body: Body, align: number): void {
  const { tokens, code } = body;
  let offset = 0;
  for (let t = tokens[body.i]; t?.startsWith("offset=") || t?.startsWith("align="); ) {
    const value = Number(t.slice(t.indexOf("=") + 1));
    if (t.startsWith("offset=")) offset = value;
    else align = Math.log2(value);
    t = tokens[++body.i];
  }
  if (!Number.isInteger(offset) || offset < 0) body.fail("bad offset");
  code.push(align);
  append(code, uleb(offset));
}

/** How to assemble a mnemonic, or undefined for an unknown one. */
function instructionOf(op: string): Instruction | undefined {
  const encoding = ENCODINGS.get(op);
  if (encoding?.kind === "memory") {
    return (body) => {
      append(body.code, encoding.bytes);
      memarg(body, encoding.align);
    };
  }
  if (encoding?.kind === "lane") {
    return (body) => {
      append(body.code, encoding.bytes);
      body.code.push(Number(body.tokens[body.i++]));
    };
  }
  if (encoding !== undefined) return (body) => void append(body.code, encoding.bytes);
  if (op in LOCAL_OPS) {
    const byte = LOCAL_OPS[op];
    return (body) => {
      body.code.push(byte);
      append(body.code, uleb(body.local(body.tokens[body.i++])));
    };
  }
  if (op in BLOCK_OPS) {
    const byte = BLOCK_OPS[op];
    return (body) => {
      const label = body.tokens[body.i];
      body.labels.push(label?.startsWith("$") ? label : null);
      if (label?.startsWith("$")) body.i++;
      body.code.push(byte, 0x40);
    };
  }
  switch (op) {
    case "i32.const":
      return (body) => {
        body.code.push(0x41);
        append(body.code, sleb(parseInt32(body.tokens[body.i++])));
      };
    case "i64.const":
      return (body) => {
        body.code.push(0x42);
        append(body.code, sleb(BigInt.asIntN(64, parseInt64(body.tokens[body.i++]))));
      };
    case "v128.const":
      // Only the i8x16 shape: sixteen bytes, each -128..255.
      return (body) => {
        if (body.tokens[body.i++] !== "i8x16") body.fail("v128.const: only i8x16");
        append(body.code, V128_CONST);
        for (let k = 0; k < 16; k++) {
          const byte = parseInt32(body.tokens[body.i++] ?? "");
          if (byte < -128 || byte > 255) body.fail(`v128.const: not a byte: ${byte}`);
          body.code.push(byte & 0xff);
        }
      };
    case "br":
    case "br_if":
      return (body) => {
        const label = body.tokens[body.i++];
        const at = body.labels.lastIndexOf(label);
        if (at < 0) body.fail(`unknown label ${label}`);
        body.code.push(op === "br" ? 0x0c : 0x0d);
        append(body.code, uleb(body.labels.length - 1 - at));
      };
    case "end":
      return (body) => {
        if (body.labels.length === 0) body.fail("end without block");
        body.labels.pop();
        body.code.push(0x0b);
      };
    case "call":
      return (body) => {
        const name = body.tokens[body.i++];
        const callee = name?.startsWith("$") ? body.funcIndex.get(name.slice(1)) : undefined;
        body.code.push(0x10);
        append(body.code, uleb(callee ?? body.fail(`unknown function ${name}`)));
      };
    default:
      return undefined;
  }
}

/** The instructions met so far, by mnemonic. */
const INSTRUCTIONS = new Map<string, Instruction>();

/**
 * Assembles one body into code bytes (with its locals vector). It runs at every count's start
 * (13,000 tokens), mostly before the JIT warms up: one pass over the tokens, and each mnemonic's
 * small function looked up once. Why small functions: the same work written as one loop with a
 * branch per kind of instruction got hot enough for V8's optimizing compiler, which took 80-100
 * ms of CPU on a thread of its own to compile it, after the assembly had finished (nothing ran
 * the result), and the process waited for it to exit (`count 4 --method join` took 80 ms more).
 */
function assembleBody(spec: FuncSpec, funcIndex: ReadonlyMap<string, number>): number[] {
  const slots = new Map<string, number>();
  for (const name of Object.keys(spec.params)) slots.set(`$${name}`, slots.size);
  const localTypes = Object.entries(spec.locals ?? {});
  for (const [name] of localTypes) {
    if (slots.has(`$${name}`)) throw new Error(`asm ${spec.name}: $${name} declared twice`);
    slots.set(`$${name}`, slots.size);
  }
  const fail = (what: string): never => {
    throw new Error(`asm ${spec.name}: ${what}`);
  };
  const body: Body = {
    tokens: spec.body.replace(/;;[^\n]*/g, " ").split(/\s+/),
    i: 0,
    code: [],
    labels: [],
    funcIndex,
    local: (token) =>
      (token === undefined ? undefined : slots.get(token)) ?? fail(`unknown local ${token}`),
    fail,
  };
  const { tokens, code } = body;
  while (body.i < tokens.length) {
    const op = tokens[body.i++];
    if (op === "") continue;
    let instruction = INSTRUCTIONS.get(op);
    if (instruction === undefined) {
      instruction = instructionOf(op) ?? fail(`unknown instruction ${op}`);
      INSTRUCTIONS.set(op, instruction);
    }
    instruction(body);
  }
  if (body.labels.length !== 0) fail(`${body.labels.length} blocks not ended`);
  code.push(0x0b);
  const groups = localTypes.map(([, t]) => [1, TYPE[t]]);
  const bytes = append(vec(groups), code);
  return append(uleb(bytes.length), bytes);
}

/**
 * Assembles a module importing `env.memory` and holding `funcs` (callable by `$name` from one
 * another; exported when `export` is set).
 * @throws Error on an unknown mnemonic, local, label or function, or unbalanced blocks
 */
export function assemble(memory: MemorySpec, funcs: readonly FuncSpec[]): Uint8Array {
  const funcIndex = new Map(funcs.map((f, index) => [f.name, index]));
  const types = funcs.map((f) => [
    0x60,
    ...vec(Object.values(f.params).map((t) => [TYPE[t]])),
    ...vec((f.results ?? []).map((t) => [TYPE[t]])),
  ]);
  const flags = memory.shared ? 0x03 : 0x01;
  const imports = vec([
    [
      ...utf8("env"),
      ...utf8("memory"),
      0x02,
      flags,
      ...uleb(memory.initialPages),
      ...uleb(memory.maximumPages),
    ],
  ]);
  const exports = vec(
    funcs.flatMap((f, index) => (f.export ? [[...utf8(f.name), 0x00, ...uleb(index)]] : [])),
  );
  const module = [0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00];
  append(module, section(1, vec(types)));
  append(module, section(2, imports));
  append(module, section(3, vec(funcs.map((_, index) => uleb(index)))));
  append(module, section(7, exports));
  append(module, section(10, vec(funcs.map((f) => assembleBody(f, funcIndex)))));
  return Uint8Array.from(module);
}
