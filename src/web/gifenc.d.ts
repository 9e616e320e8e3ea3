/** Types for gifenc 1.0.3 (a pure-JS GIF encoder that ships without them): what the page uses. */
declare module "gifenc" {
  export interface FrameOptions {
    /** Colours as [r, g, b] (or [r, g, b, a]); the first frame's is the global table. */
    readonly palette?: number[][];
    /** Milliseconds before the next frame. */
    readonly delay?: number;
    /** 0 loops forever, -1 plays once. */
    readonly repeat?: number;
    readonly transparent?: boolean;
    readonly transparentIndex?: number;
    readonly dispose?: number;
    readonly first?: boolean;
  }
  export interface Encoder {
    writeFrame(index: Uint8Array, width: number, height: number, options?: FrameOptions): void;
    finish(): void;
    bytes(): Uint8Array;
    bytesView(): Uint8Array;
    reset(): void;
  }
  export function GIFEncoder(options?: { auto?: boolean; initialCapacity?: number }): Encoder;
  export function quantize(
    rgba: Uint8Array | Uint8ClampedArray,
    maxColors: number,
    options?: { format?: "rgb565" | "rgb444" | "rgba4444"; oneBitAlpha?: boolean | number },
  ): number[][];
  export function applyPalette(
    rgba: Uint8Array | Uint8ClampedArray,
    palette: number[][],
    format?: "rgb565" | "rgb444" | "rgba4444",
  ): Uint8Array;
}
