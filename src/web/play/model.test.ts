// Play's model and state (model.ts, state.ts) without a browser: tables of (board -> status
// line, safe squares, hint line, puzzle goal and verdict, why no completion), and undo / redo.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import type { Queen } from "../../board.js";
import { DEFAULT_STATE, type PageState } from "../state.js";
import { boardModel, exportBoard, hintStatus, puzzleModel, whyNoCompletion } from "./model.js";
import {
  boardKey,
  forgetEdits,
  ghostCols,
  initialState,
  type PlayState,
  recordEdit,
  takeRedo,
  takeUndo,
} from "./state.js";

/** Queens from "row:col,row:col" (rows and columns from 0). */
const qs = (text: string): Queen[] =>
  text === ""
    ? []
    : text.split(",").map((p) => {
        const [row, col] = p.split(":").map(Number);
        return { row: row!, col: col! };
      });

const page = (n: number, queens: string, patch: Partial<PageState> = {}): PageState => ({
  ...DEFAULT_STATE,
  n,
  queens: qs(queens),
  ...patch,
});

describe("the board", () => {
  const table: [
    n: number,
    queens: string,
    status: string,
    tone: string,
    safe: number,
    solved: boolean,
  ][] = [
    [4, "", "An empty board: place a queen, or ask for a completion.", "", 16, false],
    [4, "0:1", "No conflicts so far: 3 more queens to place.", "", 6, false],
    [4, "0:0,1:1", "1 pair of queens attacks each other.", "bad", 2, false],
    [4, "0:1,1:3,2:0,3:2", "Solved: 4 queens and none attacks another.", "good", 0, true],
  ];
  for (const [n, queens, status, tone, safe, solved] of table) {
    test(`${n}: ${queens || "empty"}`, () => {
      const m = boardModel(initialState(false), page(n, queens));
      assert.deepEqual(m.status, { text: status, tone });
      assert.equal(m.safe, safe);
      assert.equal(m.solved, solved);
      assert.equal(m.full, solved);
    });
  }

  test("the marks: queens, conflicts, attacked squares and the gold queens of a completion", () => {
    const ps = initialState(false);
    const p = page(4, "0:1");
    ps.page = p;
    ps.ghost = { key: boardKey(p), cols: [1, 3, 0, 2] };
    const m = boardModel(ps, p);
    assert.deepEqual(m.marks[0 * 4 + 1], { queen: "placed", conflict: false });
    assert.deepEqual(m.marks[1 * 4 + 3], { queen: "ghost" });
    assert.deepEqual(m.marks[1 * 4 + 0], { attacked: true, dead: false });
    assert.deepEqual(m.marks[3 * 4 + 0], { attacked: false, dead: false });
    // The gold queens' squares are not counted as safe.
    assert.equal(m.safe, 3);
    assert.deepEqual(exportBoard(ps, p).queens, qs("0:1,1:3,2:0,3:2"));
    // The completion belongs to the board it was found for.
    ps.page = page(4, "0:2");
    assert.equal(ghostCols(ps), undefined);
    const conflicted = boardModel(initialState(false), page(4, "0:0,1:1"));
    assert.deepEqual(conflicted.marks[0], { queen: "placed", conflict: true });
  });
});

describe("the status after a search found no completion", () => {
  const none = (n: number, queens: string) => {
    const ps = initialState(false);
    ps.result = { kind: "none", task: "complete", n, queens: qs(queens) };
    return ps;
  };
  test("agrees with the result for the board it was found for", () => {
    assert.deepEqual(boardModel(none(4, "0:0"), page(4, "0:0")).status, {
      text: "No conflicts, but no completion exists: no solution for N = 4 keeps this queen.",
      tone: "bad",
    });
    assert.deepEqual(boardModel(none(8, "0:0,1:2,2:4"), page(8, "0:0,1:2,2:4")).status, {
      text: "No conflicts, but no completion exists: no solution for N = 8 keeps these 3 queens.",
      tone: "bad",
    });
    assert.deepEqual(boardModel(none(3, ""), page(3, "")).status, {
      text: "No 3×3 board has a solution.",
      tone: "bad",
    });
  });
  test("says nothing of it for another board", () => {
    assert.deepEqual(boardModel(none(4, "0:0"), page(4, "0:1")).status, {
      text: "No conflicts so far: 3 more queens to place.",
      tone: "",
    });
    assert.deepEqual(boardModel(none(4, "0:0"), page(5, "0:0")).status.tone, "");
    // A conflict is what the status names first, whatever the result box says.
    assert.deepEqual(boardModel(none(4, "0:0"), page(4, "0:0,1:1")).status.tone, "bad");
    assert.match(boardModel(none(4, "0:0"), page(4, "0:0,1:1")).status.text, /attacks/);
  });
  test("agrees with the live hint when it finds the board stuck", () => {
    const ps = initialState(true);
    const p = page(4, "0:0");
    ps.hint = { key: boardKey(p), dead: new Set(["1:2", "1:3"]), completable: false, safe: 6 };
    assert.equal(boardModel(ps, p).status.tone, "bad");
    ps.hintsOn = false;
    assert.equal(boardModel(ps, p).status.tone, "");
  });
});

describe("why a board has no completion", () => {
  const table: [n: number, queens: string, why: string][] = [
    [
      4,
      "",
      "No 4×4 board has a solution: with N = 4 every way of putting a queen in each row leaves two queens attacking each other. Every N from 4 up has solutions.",
    ],
    [
      4,
      "0:0,1:2",
      "Row 3 has no safe square left: every square in it is attacked by a placed queen, so no queen can go there.",
    ],
    [
      6,
      "0:1",
      "Every empty row still has a safe square, but they cannot all be used at once: the search tried every way of filling the empty rows, and each one ends with a row where every square is attacked.",
    ],
  ];
  for (const [n, queens, why] of table) {
    test(`${n}: ${queens || "empty"}`, () => assert.equal(whyNoCompletion(n, qs(queens)), why));
  }

  test("a column with no safe square is named when every row has one", () => {
    assert.equal(
      whyNoCompletion(5, qs("0:1,1:4,2:0")),
      "Column 3 has no safe square left: every square in it is attacked by a placed queen.",
    );
  });
});

describe("the live hint's line", () => {
  const hinted = (on: boolean) => {
    const ps = initialState(on);
    const p = page(4, "0:1");
    ps.hint = { key: boardKey(p), dead: new Set(["1:3"]), completable: true, safe: 6 };
    return { ps, p };
  };
  test("off: nothing to say, and nothing to wait for", () => {
    const { ps, p } = hinted(false);
    assert.deepEqual(hintStatus(ps, p), { text: "", ready: true });
  });
  test("on, with the result for the board shown", () => {
    const { ps, p } = hinted(true);
    assert.deepEqual(hintStatus(ps, p), {
      text: "1 of the 6 safe squares cannot lead to a solution (marked ✗): a queen there leaves some row with no safe square, sooner or later.",
      ready: true,
    });
    assert.deepEqual(boardModel(ps, p).marks[1 * 4 + 3], { attacked: false, dead: true });
  });
  test("on, still computing for another board", () => {
    const { ps } = hinted(true);
    assert.deepEqual(hintStatus(ps, page(4, "0:2")), {
      text: "Checking every safe square…",
      ready: false,
    });
  });
  test("on, but pointless", () => {
    const ps = initialState(true);
    assert.equal(hintStatus(ps, page(4, "0:0,1:1")).ready, true);
    assert.equal(hintStatus(ps, page(4, "0:1,1:3,2:0,3:2")).text, "Every row holds a queen.");
  });
});

describe("puzzles", () => {
  const puzzled = (): { ps: PlayState; ref: PageState["puzzle"] } => {
    const ps = initialState(false);
    ps.puzzle = { key: "4|easy.1", given: qs("0:1"), solution: [1, 3, 0, 2], solvedBy: "forced" };
    return { ps, ref: { level: "easy", seed: 1 } };
  };

  test("the goal without a puzzle, and a size too small for one", () => {
    const ps = initialState(false);
    const m = puzzleModel(ps, page(8, ""), false);
    assert.equal(
      m.goal,
      "Goal: place 8 queens so that no two share a row, a column or a diagonal.",
    );
    assert.equal(m.note, "");
    assert.notEqual(puzzleModel(ps, page(3, ""), false).note, "");
  });

  test("while the puzzle is made, when it failed", () => {
    const ps = initialState(false);
    const p = page(4, "", { puzzle: { level: "easy", seed: 1 } });
    assert.equal(puzzleModel(ps, p, false).goal, "Making the puzzle…");
    ps.puzzle = { key: "4|easy.1", given: [], solution: [], error: "no puzzle" };
    assert.equal(puzzleModel(ps, p, false).note, "no puzzle");
  });

  test("solved with every given queen in place: the verdict, said once by its key", () => {
    const { ps, ref } = puzzled();
    const p = page(4, "0:1,1:3,2:0,3:2", { puzzle: ref });
    const m = puzzleModel(ps, p, true);
    assert.equal(m.good, true);
    assert.match(m.note, /^✓ /);
    assert.equal(m.solvedKey, `${boardKey(p)}|easy.1`);
    // Not solved: no verdict.
    assert.equal(puzzleModel(ps, page(4, "0:1", { puzzle: ref }), false).solvedKey, undefined);
  });
});

describe("undo and redo", () => {
  test("each edit is one undo step; an edit after an undo drops the redo", () => {
    const ps = initialState(false);
    const show = (queens: string) => {
      ps.page = page(4, queens);
    };
    show("");
    recordEdit(ps);
    show("0:1");
    recordEdit(ps);
    show("0:1,1:3");
    assert.deepEqual(takeUndo(ps), qs("0:1"));
    show("0:1");
    assert.deepEqual(takeUndo(ps), []);
    show("");
    assert.equal(takeUndo(ps), undefined);
    assert.deepEqual(takeRedo(ps), qs("0:1"));
    show("0:1");
    recordEdit(ps);
    show("0:2");
    assert.equal(takeRedo(ps), undefined);
    assert.deepEqual(takeUndo(ps), qs("0:1"));
    forgetEdits(ps);
    assert.equal(takeUndo(ps), undefined);
    assert.equal(takeRedo(ps), undefined);
  });
});
