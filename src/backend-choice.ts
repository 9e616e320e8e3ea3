/**
 * The one backend decision, for `nqueens count` and for the queue worker alike (`pickBackend`):
 * a Redis queue, a GPU, or the CPU engine. Pure: it imports neither the queue nor the GPU (the
 * caller passes the GPU it may open), so the queue's worker imports it without a circle. The
 * count on the backend it picks is backend-run.ts (`countOn`).
 *
 * Messages name this module's options (`backend "gpu"`), never a command's flags.
 */
import type { CountMethod } from "./engine/index.js";
import { checkSize, NQueensError } from "./errors.js";

/** The backends one may ask for: `auto` takes a hardware GPU where it pays off, else the CPU. */
export const BACKENDS = ["auto", "cpu", "gpu"] as const;
export type BackendChoice = (typeof BACKENDS)[number];

/** A GPU as the backend decision sees it: what it is called, whether it runs on the CPU. */
export interface OpenedGpu {
  readonly name: string;
  /** A software (CPU) adapter such as SwiftShader: exact, but slower than the CPU engine. */
  readonly software: boolean;
  close(): void;
}

/** How to open a GPU of kind G, and the board sizes it counts. */
export interface GpuAccess<G extends OpenedGpu> {
  /** Opens the first adapter; rejects when there is none (or its package is missing). */
  open(): Promise<G>;
  /** The smallest n for which `auto` takes a GPU (below it the CPU finishes first). */
  readonly autoFromN: number;
  /** The largest n the GPU kernel takes. */
  readonly maxN: number;
}

/** What {@link pickBackend} decides from. */
export interface BackendRequest {
  /** @default "auto" */
  backend?: BackendChoice;
  /** The counting method; only the CPU joins half-boards. @default "auto" */
  method?: CountMethod;
  /** The board size of one count; a queue worker, which takes jobs of every n, gives none. */
  n?: number;
  /** Whether a queue address was given: then the workers count, whatever `backend` says. */
  queue?: boolean;
}

/** The backend picked: a queue, an opened GPU (the caller closes it), or the CPU. */
export type PickedBackend<G extends OpenedGpu> =
  | { readonly backend: "queue" }
  | { readonly backend: "gpu"; readonly gpu: G }
  /** `why`: for `auto`, why not on a GPU, where a GPU was looked for. */
  | { readonly backend: "cpu"; readonly why?: string };

/**
 * The GPU asked for (`backend: "gpu"`) could not be opened. The message says so with the first
 * line of the reason; `cause` is what opening it threw.
 */
export class GpuUnavailable extends NQueensError {
  /** The first line of the reason. */
  readonly why: string;
  constructor(cause: unknown) {
    const why = firstLine(cause);
    super(
      `backend "gpu": ${why}`,
      "no-gpu",
      { option: "backend", value: "gpu", reason: why },
      { cause },
    );
    this.why = why;
  }
}

function firstLine(e: unknown): string {
  return e instanceof Error ? (e.message.split("\n")[0] ?? "") : String(e);
}

/**
 * Decides where a count runs:
 * - a queue address given: the queue (its workers choose their own backend);
 * - `cpu`, or the method `join` (the GPU counts constellations only): the CPU;
 * - `gpu`: the first adapter, a software one too, or GpuUnavailable; for one count, n must be
 *   one the GPU kernel takes;
 * - `auto`: a hardware adapter, for one count only when n is in `autoFromN..maxN`; else the CPU
 *   (a software adapter is opened, found slower than the CPU engine, and closed).
 *
 * `gpu` is loaded only when a GPU is looked for. The caller closes the GPU it gets.
 * @throws NQueensError for `backend: "gpu"` with the method `join` or an n the GPU does not
 *   take; GpuUnavailable when `backend: "gpu"` finds no adapter
 * @example await pickBackend({ n: 8 }, gpu) // { backend: "cpu", why: "auto takes a GPU for ..." }
 */
export async function pickBackend<G extends OpenedGpu>(
  request: BackendRequest,
  gpu: () => Promise<GpuAccess<G>>,
): Promise<PickedBackend<G>> {
  if (request.queue) return { backend: "queue" };
  const backend = request.backend ?? "auto";
  const { n } = request;
  if (request.method === "join") {
    if (backend === "gpu") {
      throw new NQueensError(
        'method "join" counts on the CPU: choose backend "cpu" or "auto", or another method',
        "conflicting-options",
        { option: "method", value: "join", other: "backend" },
      );
    }
    return { backend: "cpu" };
  }
  if (backend === "cpu") return { backend: "cpu" };
  const access = await gpu();
  if (backend === "gpu") {
    if (n !== undefined)
      checkSize(n, access.maxN, 'n for backend "gpu"', { option: "n", other: "backend" });
    try {
      return { backend: "gpu", gpu: await access.open() };
    } catch (e) {
      throw new GpuUnavailable(e);
    }
  }
  if (n !== undefined && (n < access.autoFromN || n > access.maxN)) {
    return {
      backend: "cpu",
      why: `auto takes a GPU for n = ${access.autoFromN} to ${access.maxN}`,
    };
  }
  let opened: G;
  try {
    opened = await access.open();
  } catch (e) {
    return { backend: "cpu", why: `no GPU: ${firstLine(e)}` };
  }
  if (opened.software) {
    opened.close();
    return { backend: "cpu", why: `the only GPU adapter, ${opened.name}, runs on the CPU` };
  }
  return { backend: "gpu", gpu: opened };
}
