// The page's address as state (state.ts), without a browser: what a fragment reads as, what the
// page writes back, which changes are new history entries, and what a change resets. Tables of (text -> state).
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import {
  applyChange,
  DEFAULT_STATE,
  fitting,
  formatState,
  isNewEntry,
  isStateText,
  openingState,
  type PageState,
  parseSize,
  parseState,
  sizeProblem,
} from "./state.js";

const state = (patch: Partial<PageState>): PageState => ({ ...DEFAULT_STATE, ...patch });

describe("parseState", () => {
  const cases: [text: string, expected: Partial<PageState>][] = [
    ["", {}],
    ["#", {}],
    ["?mode=watch", { mode: "watch" }],
    ["#mode=nonsense", {}],
    ["#n=12", { n: 12 }],
    ["#n=", {}],
    ["#n=0x10", { n: Number.NaN }],
    ["#n=1e1", { n: Number.NaN }],
    ["#n=2.5", { n: 2.5 }],
    ["#n=-3", { n: -3 }],
    [
      "#q=0:3,1:5",
      {
        queens: [
          { row: 0, col: 3 },
          { row: 1, col: 5 },
        ],
      },
    ],
    // Other separators are read; duplicates, squares off the board and junk are dropped.
    [
      "#q=0.3,1-5,0:3,9:9,x",
      {
        queens: [
          { row: 0, col: 3 },
          { row: 1, col: 5 },
        ],
      },
    ],
    ["#n=4&q=3:3,4:0", { n: 4, queens: [{ row: 3, col: 3 }] }],
    // A size that is not a size keeps every queen, so the page can say what was wrong.
    ["#n=abc&q=12:12", { n: Number.NaN, queens: [{ row: 12, col: 12 }] }],
    // Watch's fields only in Watch.
    [
      "#mode=watch&step=17&algo=bitmask&from=board",
      {
        mode: "watch",
        step: 17,
        algo: "bitmask",
        from: true,
      },
    ],
    ["#mode=play&step=17&algo=bitmask&from=board", {}],
    ["#mode=watch&step=-1&algo=quick", { mode: "watch" }],
    ["#mode=watch&step=1e3", { mode: "watch" }],
    // The gallery's page counts from 1 in the address, from 0 in the state.
    ["#mode=gallery&page=3&sym=2", { mode: "gallery", page: 2, sym: 2 }],
    ["#mode=gallery&page=0", { mode: "gallery" }],
    ["#mode=play&page=3", {}],
    // A puzzle needs a known level and a seed in range, and only in Play.
    ["#puzzle=hard&seed=42", { puzzle: { level: "hard", seed: 42 } }],
    ["#puzzle=hard", {}],
    ["#puzzle=extreme&seed=1", {}],
    ["#puzzle=easy&seed=2147483649", {}],
    ["#mode=watch&puzzle=easy&seed=1", { mode: "watch" }],
    ["#sym=1", { sym: 1 }],
    ["#mode=watch&sym=1", { mode: "watch" }],
    // Lesson's step is named; an unknown or missing name is the first step. In another mode
    // `lesson` names the step that opened it, and Lesson's `step` means nothing there.
    ["#mode=lesson&step=brute", { mode: "lesson", lesson: "brute" }],
    ["#mode=lesson", { mode: "lesson", lesson: "problem" }],
    ["#mode=lesson&step=3", { mode: "lesson", lesson: "problem" }],
    ["#mode=lesson&step=BRUTE", { mode: "lesson", lesson: "problem" }],
    ["#mode=lesson&lesson=growth", { mode: "lesson", lesson: "problem" }],
    [
      "#mode=watch&n=6&algo=brute&lesson=brute",
      { mode: "watch", n: 6, algo: "brute", lesson: "brute" },
    ],
    ["#mode=play&lesson=nonsense", {}],
    ["#mode=play&step=brute", {}],
    // A round of exercises: in the lesson only, with a seed; its question from 1, within the round.
    [
      "#mode=lesson&step=brute&exercise=safe&seed=17&at=3",
      { mode: "lesson", lesson: "brute", exercise: { kind: "safe", seed: 17, at: 2 } },
    ],
    [
      "#mode=lesson&exercise=mix&seed=0&at=99",
      { mode: "lesson", lesson: "problem", exercise: { kind: "mix", seed: 0, at: 4 } },
    ],
    [
      "#mode=lesson&exercise=next&seed=5&at=0",
      { mode: "lesson", lesson: "problem", exercise: { kind: "next", seed: 5, at: 0 } },
    ],
    ["#mode=lesson&exercise=safe", { mode: "lesson", lesson: "problem" }],
    ["#mode=lesson&exercise=hard&seed=3", { mode: "lesson", lesson: "problem" }],
    ["#mode=play&exercise=safe&seed=3", {}],
  ];
  for (const [text, expected] of cases) {
    test(JSON.stringify(text), () => {
      assert.deepEqual(parseState(text), state(expected));
    });
  }
});

describe("formatState", () => {
  const cases: [state: Partial<PageState>, text: string][] = [
    [{}, "mode=play&n=8"],
    [{ n: Number.NaN }, "mode=play&n="],
    [
      {
        queens: [
          { row: 1, col: 5 },
          { row: 0, col: 3 },
        ],
      },
      "mode=play&n=8&q=0:3,1:5",
    ],
    // Only the fields of the mode, and only where they differ from the defaults.
    [{ step: 5, algo: "brute", from: true, page: 2 }, "mode=play&n=8"],
    [
      { mode: "watch", step: 5, algo: "brute", from: true },
      "mode=watch&n=8&algo=brute&from=board&step=5",
    ],
    [{ mode: "watch", algo: "backtrack", step: 0 }, "mode=watch&n=8"],
    [{ mode: "gallery", page: 2, sym: 3 }, "mode=gallery&n=8&page=3&sym=3"],
    [{ puzzle: { level: "medium", seed: 7 }, sym: 1 }, "mode=play&n=8&puzzle=medium&seed=7&sym=1"],
    [{ mode: "compare", sym: 1, puzzle: { level: "easy", seed: 1 } }, "mode=compare&n=8"],
    [{ mode: "lesson", lesson: "bitmask" }, "mode=lesson&n=8&step=bitmask"],
    [{ mode: "lesson", lesson: null, step: 4 }, "mode=lesson&n=8&step=problem"],
    [{ mode: "gallery", sym: 2, lesson: "symmetry" }, "mode=gallery&n=8&sym=2&lesson=symmetry"],
    [
      { mode: "lesson", lesson: "brute", exercise: { kind: "most", seed: 9, at: 0 } },
      "mode=lesson&n=8&step=brute&exercise=most&seed=9",
    ],
    [
      { mode: "lesson", lesson: "brute", exercise: { kind: "most", seed: 9, at: 4 } },
      "mode=lesson&n=8&step=brute&exercise=most&seed=9&at=5",
    ],
    [{ mode: "play", exercise: { kind: "most", seed: 9, at: 4 } }, "mode=play&n=8"],
  ];
  for (const [s, text] of cases) {
    test(text, () => {
      assert.equal(formatState(state(s)), text);
    });
  }

  test("what it writes reads back as the same state", () => {
    // (A size that is not a number is written empty, which reads as the default size.)
    for (const [s] of cases.filter(([s]) => s.n === undefined)) {
      const written = formatState(state(s));
      assert.equal(formatState(parseState(written)), written);
    }
  });
});

describe("isNewEntry", () => {
  const base = state({ mode: "watch", queens: [{ row: 0, col: 1 }] });
  const cases: [change: Partial<PageState>, expected: boolean][] = [
    [{}, false],
    [{ step: 40 }, false],
    [{ queens: [{ row: 0, col: 1 }] }, false],
    [{ mode: "play" }, true],
    [{ n: 9 }, true],
    [{ n: Number.NaN }, true],
    [{ page: 1 }, true],
    [{ algo: "bitmask" }, true],
    [{ from: true }, true],
    [{ sym: 1 }, true],
    [{ exercise: { kind: "safe", seed: 1, at: 0 } }, true],
    [{ puzzle: { level: "easy", seed: 1 } }, true],
    [{ queens: [] }, true],
    [{ queens: [{ row: 0, col: 2 }] }, true],
    [{ lesson: "brute" }, true],
  ];
  for (const [change, expected] of cases) {
    test(`${JSON.stringify(change)} -> ${expected}`, () => {
      assert.equal(isNewEntry(base, { ...base, ...change }), expected);
    });
  }

  test("NaN sizes are the same size; queen order does not matter", () => {
    const a = state({
      n: Number.NaN,
      queens: [
        { row: 0, col: 1 },
        { row: 2, col: 3 },
      ],
    });
    const b = state({
      n: Number.NaN,
      queens: [
        { row: 2, col: 3 },
        { row: 0, col: 1 },
      ],
    });
    assert.equal(isNewEntry(a, b), false);
  });
});

describe("sizes", () => {
  test("parseSize reads plain decimal numbers only", () => {
    assert.equal(parseSize(" 12 "), 12);
    assert.equal(parseSize("+3"), 3);
    assert.ok(Number.isNaN(parseSize("0x10")));
    assert.ok(Number.isNaN(parseSize("")));
  });

  test("sizeProblem says why a size cannot be drawn", () => {
    assert.equal(sizeProblem(8), undefined);
    assert.deepEqual(sizeProblem(Number.NaN), { kind: "not-number", max: 20 });
    assert.deepEqual(sizeProblem(2.5), { kind: "not-integer", n: 2.5, max: 20 });
    assert.deepEqual(sizeProblem(21), { kind: "out-of-range", n: 21, max: 20 });
    assert.deepEqual(sizeProblem(0), { kind: "out-of-range", n: 0, max: 20 });
  });

  test("fitting keeps the queens on the board, all of them while n is not a size", () => {
    const qs = [
      { row: 0, col: 0 },
      { row: 5, col: 1 },
    ];
    assert.deepEqual(fitting(qs, 4), [{ row: 0, col: 0 }]);
    assert.deepEqual(fitting(qs, Number.NaN), qs);
  });

  test("isStateText tells the page's fragments from in-page anchors", () => {
    assert.equal(isStateText(""), true);
    assert.equal(isStateText("#mode=play"), true);
    assert.equal(isStateText("#n=8&step=2"), true);
    assert.equal(isStateText("#lesson=brute"), true);
    assert.equal(isStateText("#main"), false);
  });
});

describe("applyChange: what a change of mode, N, board, algorithm or starting board resets", () => {
  const q = (row: number, col: number) => ({ row, col });
  // Where each case starts: deep into every mode's state.
  const deep = state({
    mode: "watch",
    n: 8,
    queens: [q(0, 1), q(6, 6)],
    step: 40,
    page: 3,
    algo: "bitmask",
    from: true,
    puzzle: { level: "easy", seed: 7 },
    sym: 2,
    lesson: "brute",
  });
  const cases: [
    what: string,
    from: PageState,
    patch: Partial<PageState>,
    changed: Partial<PageState>,
  ][] = [
    ["a mode alone resets nothing", deep, { mode: "gallery" }, { mode: "gallery" }],
    ["the same N resets nothing", deep, { n: 8 }, {}],
    ["Watch's step alone", deep, { step: 41 }, { step: 41 }],
    ["a page alone", deep, { page: 4 }, { page: 4 }],
    ["a lesson step alone", deep, { lesson: "symmetry" }, { lesson: "symmetry" }],
    [
      "a new N: the queens that fit stay, step, page, puzzle and symmetry view go",
      deep,
      { n: 5 },
      { n: 5, queens: [q(0, 1)], step: 0, page: 0, puzzle: null, sym: 0 },
    ],
    [
      "a new N keeps what the patch names",
      deep,
      { n: 12, step: 3, page: 1, sym: 1, puzzle: { level: "hard", seed: 1 } },
      { n: 12, step: 3, page: 1, sym: 1, puzzle: { level: "hard", seed: 1 } },
    ],
    [
      "a new N fits the patch's queens, not the old ones",
      deep,
      { n: 4, queens: [q(3, 3), q(5, 0)] },
      { n: 4, queens: [q(3, 3)], step: 0, page: 0, puzzle: null, sym: 0 },
    ],
    [
      "an N that is not a size keeps every queen",
      deep,
      { n: Number.NaN },
      { n: Number.NaN, step: 0, page: 0, puzzle: null, sym: 0 },
    ],
    ["NaN to NaN is no new N", state({ n: Number.NaN, step: 4 }), { n: Number.NaN }, {}],
    [
      "a new board in Watch: the search starts again, the symmetry view stays",
      deep,
      { queens: [q(2, 2)] },
      { queens: [q(2, 2)], step: 0 },
    ],
    [
      "a new board in Play also closes the symmetry view",
      { ...deep, mode: "play" },
      { queens: [q(2, 2)] },
      { queens: [q(2, 2)], step: 0, sym: 0 },
    ],
    [
      "a new board and a mode: the mode it goes to decides",
      deep,
      { mode: "play", queens: [q(2, 2)] },
      { mode: "play", queens: [q(2, 2)], step: 0, sym: 0 },
    ],
    [
      "the same board in another order is no new board",
      { ...deep, mode: "play" },
      { queens: [q(6, 6), q(0, 1)] },
      { queens: [q(6, 6), q(0, 1)] },
    ],
    [
      "a new board keeps the step and the view the patch names",
      { ...deep, mode: "play" },
      { queens: [q(2, 2)], step: 5, sym: 1 },
      { queens: [q(2, 2)], step: 5, sym: 1 },
    ],
    [
      "a new algorithm starts the search again",
      deep,
      { algo: "brute" },
      { algo: "brute", step: 0 },
    ],
    ["the same algorithm does not", deep, { algo: "bitmask" }, {}],
    ["a new starting board starts it again", deep, { from: false }, { from: false, step: 0 }],
    [
      "a new algorithm in Play keeps the symmetry view",
      { ...deep, mode: "play" },
      { algo: "backtrack" },
      { algo: "backtrack", step: 0 },
    ],
  ];
  for (const [what, from, patch, changed] of cases) {
    test(what, () => {
      assert.deepEqual(applyChange(from, patch), { ...from, ...changed });
    });
  }
});

describe("openingState: the address, else the place kept, else the lesson", () => {
  const lesson = state({ mode: "lesson", lesson: "problem" });
  const cases: [string, string, string | null, PageState][] = [
    ["a first visit opens the lesson", "", null, lesson],
    ["an empty fragment too", "#", null, lesson],
    [
      "a return goes where the reader was",
      "",
      "mode=watch&n=6&step=12",
      state({ mode: "watch", n: 6, step: 12 }),
    ],
    [
      "the address wins over the place kept",
      "#mode=gallery&n=9",
      "mode=watch&n=6",
      state({ mode: "gallery", n: 9 }),
    ],
    ["a place kept that is not a state is ignored", "", "main", lesson],
    ["an empty place kept too", "", "", lesson],
    [
      "a lesson step kept",
      "",
      "mode=lesson&step=symmetry",
      state({ mode: "lesson", lesson: "symmetry" }),
    ],
  ];
  for (const [what, hash, saved, expected] of cases) {
    test(what, () => {
      assert.deepEqual(openingState(hash, saved), expected);
    });
  }
});
