/**
 * A standalone SVG picture: a checkered board, crown-shaped queens, forbidden squares grey with
 * a light cross. Written only; nothing reads it back.
 */
import { NQueensError, shownName, shownValue } from "../errors.js";
import { type FormatOptions, joined, type Layout } from "./write.js";

function escapeXml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[ch]!,
  );
}

/** A crown in a unit square, drawn from its lower left corner (0.2, 0.8) with relative moves. */
const CROWN = "l-.05-.45 .2 .2 .15-.3 .15 .3 .2-.2-.05 .45z";

/**
 * A board as an SVG picture, in chunks (joined, the picture): the queens' path and the forbidden
 * squares' paths are written piece by piece, so a board of millions of queens is never one
 * string. The options are checked when this is called, not when the chunks are read.
 */
export function formatSvg(b: Layout, options: FormatOptions): Generator<string> {
  const k = b.k;
  const title = options.title ?? `${b.n}x${b.n} board with ${k} queen${k === 1 ? "" : "s"}`;
  const size = options.size ?? b.n * Math.min(60, Math.max(1, Math.floor(640 / b.n)));
  if (!(size > 0) || !Number.isFinite(size)) {
    throw new NQueensError(
      `the SVG size must be a positive number of pixels: got ${shownValue(size)}`,
      "out-of-range",
      { option: "size", value: size },
    );
  }
  const id = `${options.idPrefix ?? "nqueens"}-squares`;
  if (!/^[A-Za-z_][\w.-]*$/.test(id)) {
    throw new NQueensError(
      `the SVG id prefix must be a plain name: got ${shownName(options.idPrefix)}`,
      "invalid-value",
      {
        option: "idPrefix",
        value:
          typeof options.idPrefix === "string" ? options.idPrefix : shownValue(options.idPrefix),
      },
    );
  }
  return svgChunks(b, title, size, id);
}

function* svgChunks(b: Layout, title: string, size: number, id: string): Generator<string> {
  const n = b.n;
  yield [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${n} ${n}" role="img">`,
    `<title>${escapeXml(title)}</title>`,
    `<defs><pattern id="${id}" width="2" height="2" patternUnits="userSpaceOnUse">`,
    `<rect width="2" height="2" fill="#f0d9b5"/>`,
    `<rect x="1" width="1" height="1" fill="#b58863"/><rect y="1" width="1" height="1" fill="#b58863"/>`,
    `</pattern></defs>`,
    `<rect width="${n}" height="${n}" fill="url(#${id})"/>\n`,
  ].join("\n");
  // Forbidden squares: grey, with a light cross.
  const forbidden: { r: number; c: number }[] = [];
  b.blockedRows().forEach((cols, r) => {
    for (const c of cols) forbidden.push({ r, c });
  });
  if (forbidden.length > 0) {
    const at = (i: number) => forbidden[i]!;
    yield '<path d="';
    yield* joined(forbidden.length, (i) => `M${at(i).c} ${at(i).r}h1v1h-1z`, "");
    yield '" fill="#6b6b6b"/>\n<path d="';
    yield* joined(forbidden.length, (i) => `M${at(i).c}.25 ${at(i).r}.25l.5 .5m0-.5l-.5 .5`, "");
    yield '" stroke="#e8e8e8" stroke-width="0.08" fill="none"/>\n';
  }
  if (b.k > 0) {
    yield '<path d="';
    yield* joined(b.k, (i) => `M${b.col(i)}.2 ${b.row(i)}.8${CROWN}`, "");
    yield '" fill="#222" stroke="#fff" stroke-width="0.04" stroke-linejoin="round"/>\n';
  }
  yield "</svg>";
}
