/**
 * The binary encoding of WebAssembly modules that both hand-assembled kernels need
 * (engine/kernel-wasm.ts, the constellation search; join/asm.ts, the join's assembler): LEB128
 * integers, vectors, sections and names.
 */

/** Unsigned LEB128 of a non-negative safe integer. */
export function uleb(value: number): number[] {
  const out: number[] = [];
  do {
    let byte = value % 128;
    value = Math.floor(value / 128);
    if (value !== 0) byte |= 0x80;
    out.push(byte);
  } while (value !== 0);
  return out;
}

/** Signed LEB128 of an integer (i32 and i64 constants: pass a bigint for 64 bits). */
export function sleb(value: number | bigint): number[] {
  let v = BigInt(value);
  const out: number[] = [];
  for (;;) {
    const byte = Number(v & 0x7fn);
    v >>= 7n;
    if ((v === 0n && (byte & 0x40) === 0) || (v === -1n && (byte & 0x40) !== 0)) {
      out.push(byte);
      return out;
    }
    out.push(byte | 0x80);
  }
}

/** A vector: its length, then its items. */
export const vec = (items: number[][]): number[] => [...uleb(items.length), ...items.flat()];

/** A section: its id, its size, then its body. */
export const section = (id: number, body: number[]): number[] => [
  id,
  ...uleb(body.length),
  ...body,
];

/** A name (imports, exports) as a vector of UTF-8 bytes. */
export const utf8 = (text: string): number[] =>
  vec([...new TextEncoder().encode(text)].map((b) => [b]));
