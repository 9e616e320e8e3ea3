import assert from "node:assert/strict";
import { describe, test } from "node:test";
import type { PartialBoard } from "../board.js";
import { NQueensError } from "../errors.js";
import { formatBoard } from "./index.js";

const FOUR = [1, 3, 0, 2];
const PARTIAL: PartialBoard = { n: 4, queens: [{ row: 2, col: 3 }] };

/**
 * A small XML well-formedness check, enough for the SVG we write: balanced tags, quoted
 * attributes, no stray `<` or `&` in text. Returns the first problem or undefined.
 */
function xmlProblem(xml: string): string | undefined {
  const stack: string[] = [];
  const token = /<(\/?)([A-Za-z][\w:.-]*)((?:\s+[\w:.-]+="[^"<]*")*)\s*(\/?)>|([^<]+)|(<)/g;
  let roots = 0;
  for (const m of xml.matchAll(token)) {
    const [, close, name, attrs, selfClose, text, stray] = m;
    if (stray) return `stray '<' at ${m.index}`;
    if (text !== undefined) {
      if (/&(?!(amp|lt|gt|quot|apos|#\d+);)/.test(text)) return `bare '&' at ${m.index}`;
      if (stack.length === 0 && text.trim() !== "") return "text outside the root";
      continue;
    }
    if (attrs && /&(?!(amp|lt|gt|quot|apos|#\d+);)/.test(attrs)) return `bare '&' in <${name}>`;
    if (close) {
      if (stack.pop() !== name) return `unbalanced </${name}>`;
    } else if (!selfClose) {
      if (stack.length === 0) roots++;
      stack.push(name!);
    } else if (stack.length === 0) roots++;
  }
  if (stack.length > 0) return `unclosed <${stack.at(-1)}>`;
  return roots === 1 ? undefined : `${roots} root elements`;
}

describe("svg", () => {
  test("the well-formedness check itself catches broken XML", () => {
    assert.equal(xmlProblem("<a><b></a>"), "unbalanced </a>");
    assert.equal(xmlProblem("<a>x & y</a>"), "bare '&' at 3");
    assert.equal(xmlProblem("<a/><b/>"), "2 root elements");
    assert.equal(xmlProblem('<a x="1"><b/>t</a>'), undefined);
  });

  const boards: [string, PartialBoard | number[]][] = [
    ["n = 4 solution", FOUR],
    ["n = 8 solution", [0, 4, 7, 5, 2, 6, 1, 3]],
    ["partial board", PARTIAL],
    ["empty board", { n: 5, queens: [] }],
    ["n = 1000", Array.from({ length: 1000 }, (_, r) => r)],
  ];
  for (const [what, board] of boards) {
    test(`${what}: well-formed, titled, one crown per queen`, () => {
      const svg = formatBoard(board, "svg");
      assert.equal(xmlProblem(svg), undefined);
      assert.match(svg, /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" /);
      assert.match(svg, /<title>\d+x\d+ board with \d+ queens?<\/title>/);
      const crowns = [...svg.matchAll(/M(\d+)\.2 (\d+)\.8/g)].map((m) => ({
        row: Number(m[2]),
        col: Number(m[1]),
      }));
      const queens = Array.isArray(board)
        ? board.map((col, row) => ({ row, col }))
        : (board as PartialBoard).queens;
      assert.deepEqual(crowns, queens);
    });
  }

  test("size: 60 pixels a square for small n, at most 640 in all for large n", () => {
    const size = (svg: string) => Number(/width="(\d+)"/.exec(svg)![1]);
    assert.equal(size(formatBoard(FOUR, "svg")), 240);
    assert.equal(size(formatBoard([0, 4, 7, 5, 2, 6, 1, 3], "svg")), 480);
    assert.equal(size(formatBoard({ n: 100, queens: [] }, "svg")), 600);
    assert.equal(size(formatBoard({ n: 1000, queens: [] }, "svg")), 1000);
    assert.equal(size(formatBoard(FOUR, "svg", { size: 99 })), 99);
    assert.match(formatBoard(FOUR, "svg"), /viewBox="0 0 4 4"/);
  });

  test("the title is escaped and the id prefix used", () => {
    const svg = formatBoard(FOUR, "svg", { title: `<4 & "queens">`, idPrefix: "b2" });
    assert.equal(xmlProblem(svg), undefined);
    assert.match(svg, /<title>&lt;4 &amp; &quot;queens&quot;&gt;<\/title>/);
    assert.match(svg, /<pattern id="b2-squares"/);
    assert.match(svg, /fill="url\(#b2-squares\)"/);
    assert.throws(
      () => formatBoard(FOUR, "svg", { idPrefix: 'x"y' }),
      (e: unknown) => e instanceof NQueensError && e.details.value === 'x"y', // as given
    );
    assert.throws(() => formatBoard(FOUR, "svg", { size: -3 }), NQueensError);
  });
});
