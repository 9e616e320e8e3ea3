/**
 * Pictures of Watch's steps for slides: the board as the step leaves it (queens, the current
 * row, rejected squares, attack lines) beside a title and the step's narration, drawn on a canvas
 * (PNG, and the frames of an animated GIF encoded with gifenc) or written as SVG. 16:9, so a
 * picture fills a slide. The colours are the board's own (style.css), the same in both themes.
 */
import { applyPalette, GIFEncoder, quantize } from "gifenc";
import { QUEEN_BALLS, QUEEN_PATH } from "../ui/queen.js";

/** What one step shows, independent of the page's DOM. */
export interface StepPicture {
  readonly n: number;
  readonly queens: readonly {
    readonly row: number;
    readonly col: number;
    /** trace: placed by the search; fixed: placed before; attacker/clash: drawn in red. */
    readonly tone: "trace" | "fixed" | "attacker" | "clash";
  }[];
  /** Rejected squares with their glyph (│ ╲ ╱). */
  readonly marks: readonly { readonly row: number; readonly col: number; readonly glyph: string }[];
  readonly trying?: { readonly row: number; readonly col: number };
  /** The row outlined (the search's current row), or -1. */
  readonly row: number;
  readonly lines: readonly {
    readonly from: { readonly row: number; readonly col: number };
    readonly to: { readonly row: number; readonly col: number };
  }[];
  readonly solved: boolean;
  readonly title: string;
  readonly narration: string;
}

const C = {
  bg: "#fffdf8",
  ink: "#1c2431",
  muted: "#555d6b",
  light: "#f0d9b5",
  dark: "#b58863",
  frame: "#4a3220",
  queen: "#1c2431",
  trace: "#0f3d6e",
  mark: "#6e0f09",
  gold: "#e3a92b",
  focus: "#0a1f44",
  good: "#24673f",
  tint: "rgba(110, 15, 9, 0.14)",
};

const FONT = `system-ui, -apple-system, "Segoe UI", Roboto, Arial, "Hiragino Sans", "Noto Sans CJK JP", "IPAGothic", sans-serif`;

/** Where things go on a W×H picture. */
function layout(W: number, H: number) {
  const pad = Math.round(H * 0.06);
  const board = H - 2 * pad;
  const textX = pad + board + pad;
  return { pad, board, textX, textW: W - textX - pad };
}

let measurer: CanvasRenderingContext2D | null = null;

/** Breaks `text` into lines at most `width` pixels wide in `font` (words, or characters for CJK). */
function wrap(text: string, font: string, width: number): string[] {
  measurer ??= document.createElement("canvas").getContext("2d");
  const ctx = measurer!;
  ctx.font = font;
  // Break after spaces, and between any two CJK characters.
  const parts =
    text.match(
      /[\u3000-\u30ff\u3400-\u9fff\uff00-\uffef][、。」)]?|[^\s\u3000-\u30ff\u3400-\u9fff\uff00-\uffef]+\s*|\s+/g,
    ) ?? [];
  const lines: string[] = [];
  let line = "";
  for (const part of parts) {
    const next = line + part;
    if (line !== "" && ctx.measureText(next.trimEnd()).width > width) {
      lines.push(line.trimEnd());
      line = part.trimStart();
    } else line = next;
  }
  if (line.trim() !== "") lines.push(line.trimEnd());
  return lines;
}

const queenPath = typeof Path2D === "undefined" ? null : new Path2D(QUEEN_PATH);

/** Draws the picture on a canvas context of W×H pixels. */
function drawPicture(ctx: CanvasRenderingContext2D, p: StepPicture, W: number, H: number) {
  const { pad, board, textX, textW } = layout(W, H);
  ctx.fillStyle = C.bg;
  ctx.fillRect(0, 0, W, H);
  const edge = Math.max(4, Math.round(board * 0.02));
  ctx.fillStyle = p.solved ? C.good : C.frame;
  ctx.fillRect(pad, pad, board, board);
  const inner = board - 2 * edge;
  const sq = inner / p.n;
  const x0 = pad + edge;
  const y0 = pad + edge;
  for (let r = 0; r < p.n; r++) {
    for (let c = 0; c < p.n; c++) {
      ctx.fillStyle = (r + c) % 2 === 0 ? C.light : C.dark;
      ctx.fillRect(x0 + c * sq, y0 + r * sq, Math.ceil(sq), Math.ceil(sq));
    }
  }
  for (const m of p.marks) {
    ctx.fillStyle = C.tint;
    ctx.fillRect(x0 + m.col * sq, y0 + m.row * sq, sq, sq);
    ctx.fillStyle = C.mark;
    ctx.font = `700 ${Math.round(sq * 0.62)}px ${FONT}`;
    ctx.textAlign = "center";
    ctx.textBaseline = "middle";
    ctx.fillText(m.glyph, x0 + (m.col + 0.5) * sq, y0 + (m.row + 0.52) * sq);
  }
  if (p.row >= 0) {
    ctx.lineWidth = Math.max(2, sq * 0.07);
    ctx.strokeStyle = C.focus;
    ctx.strokeRect(x0, y0 + p.row * sq, inner, sq);
    ctx.strokeStyle = C.gold;
    ctx.lineWidth = Math.max(1.5, sq * 0.04);
    ctx.strokeRect(x0 + sq * 0.04, y0 + p.row * sq + sq * 0.04, inner - sq * 0.08, sq * 0.92);
  }
  if (p.trying) {
    ctx.lineWidth = Math.max(2, sq * 0.08);
    ctx.strokeStyle = C.focus;
    ctx.strokeRect(x0 + p.trying.col * sq + 2, y0 + p.trying.row * sq + 2, sq - 4, sq - 4);
  }
  for (const q of p.queens) {
    const color = q.tone === "fixed" ? C.queen : q.tone === "trace" ? C.trace : C.mark;
    ctx.save();
    ctx.translate(x0 + (q.col + 0.11) * sq, y0 + (q.row + 0.11) * sq);
    ctx.scale((sq * 0.78) / 100, (sq * 0.78) / 100);
    ctx.fillStyle = color;
    if (queenPath) ctx.fill(queenPath);
    for (const [bx, by] of QUEEN_BALLS) {
      ctx.beginPath();
      ctx.arc(bx, by, 5.5, 0, Math.PI * 2);
      ctx.fill();
    }
    ctx.restore();
  }
  ctx.strokeStyle = C.mark;
  ctx.lineCap = "round";
  ctx.lineWidth = Math.max(2, sq * 0.06);
  for (const l of p.lines) {
    const [ax, ay, bx, by] = lineEnds(l);
    ctx.beginPath();
    ctx.moveTo(x0 + ax * sq, y0 + ay * sq);
    ctx.lineTo(x0 + bx * sq, y0 + by * sq);
    ctx.stroke();
  }
  // The words.
  const titleFont = `700 ${Math.round(H * 0.045)}px ${FONT}`;
  const bodyFont = `${Math.round(H * 0.038)}px ${FONT}`;
  ctx.textAlign = "left";
  ctx.textBaseline = "top";
  let y = pad;
  ctx.fillStyle = C.muted;
  for (const line of wrap(p.title, titleFont, textW)) {
    ctx.font = titleFont;
    ctx.fillText(line, textX, y);
    y += H * 0.06;
  }
  y += H * 0.02;
  ctx.fillStyle = C.ink;
  ctx.font = bodyFont;
  const lh = H * 0.052;
  const lines = wrap(p.narration, bodyFont, textW);
  const room = Math.floor((H - pad - y) / lh);
  for (const line of lines.slice(0, room)) {
    ctx.fillText(line, textX, y);
    y += lh;
  }
}

/** A line between two squares' centres, stopping short of the pieces (in squares). */
function lineEnds(l: StepPicture["lines"][number]): [number, number, number, number] {
  const dx = l.to.col - l.from.col;
  const dy = l.to.row - l.from.row;
  const len = Math.hypot(dx, dy) || 1;
  const cut = Math.min(0.42, len / 2) / len;
  return [
    l.from.col + 0.5 + dx * cut,
    l.from.row + 0.5 + dy * cut,
    l.to.col + 0.5 - dx * cut,
    l.to.row + 0.5 - dy * cut,
  ];
}

/** The picture as a canvas of W×H. */
function pictureCanvas(p: StepPicture, W = 1280, H = 720): HTMLCanvasElement {
  const canvas = document.createElement("canvas");
  canvas.width = W;
  canvas.height = H;
  drawPicture(canvas.getContext("2d")!, p, W, H);
  return canvas;
}

export function picturePng(p: StepPicture): Promise<Blob> {
  const canvas = pictureCanvas(p);
  return new Promise((resolve, reject) =>
    canvas.toBlob((b) => (b ? resolve(b) : reject(new Error("PNG encoding failed"))), "image/png"),
  );
}

const esc = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** The picture as standalone SVG (text as text, wrapped as on the canvas). */
export function pictureSvg(p: StepPicture, W = 1280, H = 720): string {
  const { pad, board, textX, textW } = layout(W, H);
  const edge = Math.max(4, Math.round(board * 0.02));
  const inner = board - 2 * edge;
  const sq = inner / p.n;
  const out: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}" font-family='${FONT}'>`,
    `<title>${esc(p.title)}</title>`,
    `<rect width="${W}" height="${H}" fill="${C.bg}"/>`,
    `<rect x="${pad}" y="${pad}" width="${board}" height="${board}" fill="${p.solved ? C.good : C.frame}"/>`,
    `<g transform="translate(${pad + edge} ${pad + edge}) scale(${sq})">`,
    `<rect width="${p.n}" height="${p.n}" fill="${C.light}"/>`,
  ];
  const dark: string[] = [];
  for (let r = 0; r < p.n; r++) {
    for (let c = (r + 1) % 2; c < p.n; c += 2) dark.push(`M${c} ${r}h1v1h-1z`);
  }
  out.push(`<path d="${dark.join("")}" fill="${C.dark}"/>`);
  for (const m of p.marks) {
    out.push(
      `<rect x="${m.col}" y="${m.row}" width="1" height="1" fill="${C.tint}"/><text x="${m.col + 0.5}" y="${m.row + 0.72}" font-size="0.62" font-weight="700" text-anchor="middle" fill="${C.mark}">${esc(m.glyph)}</text>`,
    );
  }
  if (p.row >= 0) {
    out.push(
      `<rect x="0" y="${p.row}" width="${p.n}" height="1" fill="none" stroke="${C.focus}" stroke-width="0.07"/><rect x="0.04" y="${p.row + 0.04}" width="${p.n - 0.08}" height="0.92" fill="none" stroke="${C.gold}" stroke-width="0.04"/>`,
    );
  }
  if (p.trying) {
    out.push(
      `<rect x="${p.trying.col + 0.04}" y="${p.trying.row + 0.04}" width="0.92" height="0.92" fill="none" stroke="${C.focus}" stroke-width="0.08"/>`,
    );
  }
  const balls = QUEEN_BALLS.map(([x, y]) => `<circle cx="${x}" cy="${y}" r="5.5"/>`).join("");
  for (const q of p.queens) {
    const color = q.tone === "fixed" ? C.queen : q.tone === "trace" ? C.trace : C.mark;
    out.push(
      `<g transform="translate(${q.col + 0.11} ${q.row + 0.11}) scale(0.0078)" fill="${color}"><path d="${QUEEN_PATH}"/>${balls}</g>`,
    );
  }
  for (const l of p.lines) {
    const [ax, ay, bx, by] = lineEnds(l);
    out.push(
      `<line x1="${ax}" y1="${ay}" x2="${bx}" y2="${by}" stroke="${C.mark}" stroke-width="0.06" stroke-linecap="round"/>`,
    );
  }
  out.push("</g>");
  const titleSize = Math.round(H * 0.045);
  const bodySize = Math.round(H * 0.038);
  let y = pad;
  for (const line of wrap(p.title, `700 ${titleSize}px ${FONT}`, textW)) {
    out.push(
      `<text x="${textX}" y="${y + titleSize}" font-size="${titleSize}" font-weight="700" fill="${C.muted}">${esc(line)}</text>`,
    );
    y += H * 0.06;
  }
  y += H * 0.02;
  const lh = H * 0.052;
  const room = Math.floor((H - pad - y) / lh);
  for (const line of wrap(p.narration, `${bodySize}px ${FONT}`, textW).slice(0, room)) {
    out.push(
      `<text x="${textX}" y="${(y + bodySize).toFixed(1)}" font-size="${bodySize}" fill="${C.ink}">${esc(line)}</text>`,
    );
    y += lh;
  }
  out.push("</svg>");
  return out.join("");
}

/**
 * An animated GIF of pictures, `delayMs` each (the last one held three times as long), drawn at
 * W×H. `frame(i)` gives picture i; `onFrame` hears the progress. One palette for every frame:
 * the board's colours are the same from step to step.
 */
export async function picturesGif(
  count: number,
  frame: (i: number) => StepPicture,
  delayMs: number,
  onFrame: (i: number) => void,
  W = 640,
  H = 360,
): Promise<Uint8Array> {
  const canvas = document.createElement("canvas");
  canvas.width = W;
  canvas.height = H;
  const ctx = canvas.getContext("2d", { willReadFrequently: true })!;
  const gif = GIFEncoder();
  let palette: number[][] | undefined;
  for (let i = 0; i < count; i++) {
    drawPicture(ctx, frame(i), W, H);
    const { data } = ctx.getImageData(0, 0, W, H);
    palette ??= quantize(data, 256);
    const index = applyPalette(data, palette);
    gif.writeFrame(index, W, H, {
      palette,
      delay: i === count - 1 ? delayMs * 3 : delayMs,
      repeat: 0,
    });
    onFrame(i + 1);
    // Let the page breathe (and show the progress) every few frames.
    if (i % 8 === 7) await new Promise((r) => setTimeout(r, 0));
  }
  gif.finish();
  return gif.bytes();
}
