/**
 * Downloads: the board as SVG (the library's `formatBoard(board, "svg")`, titled in the page's
 * language) and PNG (that SVG drawn on a canvas), solution lists as JSON and CSV. Rows and
 * columns in the lists are counted from 1, as on the page.
 */
import type { PartialBoard } from "../../board.js";
import { formatBoard } from "../../formats/index.js";
import { t } from "../i18n/index.js";

/** Saves `data` as a file named `name`. */
export function download(name: string, data: Blob): void {
  const url = URL.createObjectURL(data);
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  a.rel = "noopener";
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The board as a standalone SVG picture. */
function boardSvg(board: PartialBoard, size?: number): string {
  return formatBoard(board, "svg", {
    size,
    title: t().board.svgTitle(board.n, board.queens.length),
  });
}

/** The board as PNG bytes, `px` pixels square. */
async function boardPng(board: PartialBoard, px = 960): Promise<Blob> {
  const svg = boardSvg(board, px);
  const img = new Image(px, px);
  const url = URL.createObjectURL(new Blob([svg], { type: "image/svg+xml" }));
  try {
    img.src = url;
    await img.decode();
    const canvas = document.createElement("canvas");
    canvas.width = px;
    canvas.height = px;
    const ctx = canvas.getContext("2d");
    if (!ctx) throw new Error("this browser cannot draw on a canvas");
    ctx.drawImage(img, 0, 0, px, px);
    return await new Promise<Blob>((resolve, reject) =>
      canvas.toBlob(
        (b) => (b ? resolve(b) : reject(new Error("PNG encoding failed"))),
        "image/png",
      ),
    );
  } finally {
    URL.revokeObjectURL(url);
  }
}

export function downloadBoardSvg(board: PartialBoard): void {
  download(`nqueens-${board.n}.svg`, new Blob([`${boardSvg(board)}\n`], { type: "image/svg+xml" }));
}

export async function downloadBoardPng(board: PartialBoard): Promise<void> {
  download(`nqueens-${board.n}.png`, await boardPng(board));
}

/**
 * A list of solutions as JSON, columns from 1 as on the page (`"from": 1` says so):
 * `{"n":8,"count":92,"from":1,"solutions":[[1,5,8,6,3,7,2,4],…]}`.
 */
function solutionsJson(n: number, solutions: readonly (readonly number[])[]): string {
  const rows = solutions.map((s) => JSON.stringify(s.map((c) => c + 1))).join(",\n    ");
  return `{\n  "n": ${n},\n  "count": ${solutions.length},\n  "from": 1,\n  "solutions": [\n    ${rows}\n  ]\n}\n`;
}

/**
 * A list of solutions as CSV: one row per solution, `index` (from 1), any extra columns given
 * per solution (e.g. the symmetry class), then the column of the queen in each row, rows and
 * columns counted from 1 as on the page (`row1`… holds 1…n).
 */
function solutionsCsv(
  n: number,
  solutions: readonly (readonly number[])[],
  extra?: { readonly header: string; readonly value: (i: number) => string | number },
): string {
  const head = ["index", ...(extra ? [extra.header] : [])];
  for (let r = 1; r <= n; r++) head.push(`row${r}`);
  const lines = [head.join(",")];
  solutions.forEach((s, i) => {
    lines.push([i + 1, ...(extra ? [extra.value(i)] : []), ...s.map((c) => c + 1)].join(","));
  });
  return `${lines.join("\n")}\n`;
}

export function downloadSolutions(
  format: "json" | "csv",
  name: string,
  n: number,
  solutions: readonly (readonly number[])[],
  extra?: { readonly header: string; readonly value: (i: number) => string | number },
): void {
  const text = format === "json" ? solutionsJson(n, solutions) : solutionsCsv(n, solutions, extra);
  download(
    `${name}.${format}`,
    new Blob([text], { type: format === "json" ? "application/json" : "text/csv" }),
  );
}
