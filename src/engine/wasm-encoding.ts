/**
 * The binary encoding of WebAssembly modules that both assemblers need (kernel-wasm.ts, the
 * constellation search's, byte by byte; wasm-asm.ts, the text assembler of the join, the canonical
 * search and the lean kernel): LEB128 integers, vectors, sections and names.
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
  if (typeof value === "number" && Number.isSafeInteger(value)) {
    // The same steps in doubles (exact for safe integers), without a bigint per constant.
    const out: number[] = [];
    let v = value;
    for (;;) {
      const byte = ((v % 128) + 128) % 128;
      v = Math.floor(v / 128);
      if ((v === 0 && (byte & 0x40) === 0) || (v === -1 && (byte & 0x40) !== 0)) {
        out.push(byte);
        return out;
      }
      out.push(byte | 0x80);
    }
  }
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

/** Appends `items` to `out` one by one (a spread of a long array costs far more). */
export function append(out: number[], items: readonly number[]): number[] {
  for (let i = 0; i < items.length; i++) out.push(items[i]);
  return out;
}

/** A vector: its length, then its items. */
export function vec(items: readonly (readonly number[])[]): number[] {
  const out = uleb(items.length);
  for (const item of items) append(out, item);
  return out;
}

/** A section: its id, its size, then its body. */
export function section(id: number, body: readonly number[]): number[] {
  return append(append([id], uleb(body.length)), body);
}

/** A name (imports, exports) as a vector of UTF-8 bytes. */
export const utf8 = (text: string): number[] =>
  vec([...new TextEncoder().encode(text)].map((b) => [b]));
