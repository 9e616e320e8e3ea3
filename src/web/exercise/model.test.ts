// The exercises' model without a browser: on 200 questions of each kind, the answer agrees with a
// computation made here (testing/queens.ts's own searches, and backtracking's next step worked
// out from the board and the last step alone), the hint names something true of the board, the
// same address gives the same question, and a check gives a hint, a second try and the answer.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import type { Queen } from "../../board.js";
import { canFill, hits, mostFit, safeSquares } from "../../testing/queens.js";
import { EXERCISE_KINDS, type ExerciseKind } from "../state.js";
import {
  type Action,
  boardMarks,
  checkPick,
  hintFor,
  kindAt,
  makeQuestion,
  newSeed,
  outcomeOf,
  type Question,
  summary,
} from "./model.js";

const QUESTIONS = 200;
const same = (a: Queen, b: Queen) => a.row === b.row && a.col === b.col;

/** The questions of `kind` from rounds 1.. (each round's five), the first `QUESTIONS`. */
function questionsOf(kind: ExerciseKind): Question[] {
  const out: Question[] = [];
  for (let seed = 1; out.length < QUESTIONS; seed++) {
    for (let at = 0; at < 5 && out.length < QUESTIONS; at++)
      out.push(makeQuestion({ kind, seed, at }));
  }
  return out;
}

/** No two queens of the question attack each other (the board is a position of the search). */
function noClash(q: Question): void {
  for (let i = 0; i < q.queens.length; i++) {
    for (let j = i + 1; j < q.queens.length; j++) assert.ok(!hits(q.queens[i]!, q.queens[j]!));
  }
}

/**
 * Backtracking's next step from the board and the step before, as the tutorial says it: after a
 * queen is placed, the next row's first square; after a square is rejected or a queen taken back,
 * that row's next square, or, past the row's end, the queen above taken back; after a solution,
 * its last queen taken back. A square tried takes a queen when none attacks it.
 */
function nextStep(n: number, queens: readonly Queen[], last: Action): Action {
  if (last.type === "solution") {
    const top = queens[queens.length - 1]!;
    return { type: "remove", ...top };
  }
  const row = last.type === "place" ? last.row + 1 : last.row;
  const col = last.type === "place" ? 0 : last.col + 1;
  if (last.type === "place" && queens.length === n) return { type: "solution" };
  if (col >= n) {
    const top = queens[queens.length - 1]!;
    return { type: "remove", ...top };
  }
  const sq = { row, col };
  return { type: queens.some((q) => hits(q, sq)) ? "reject" : "place", ...sq };
}

const idOf = (a: Action) => (a.type === "solution" ? "solution" : `${a.type}:${a.row}:${a.col}`);

describe("exercises: answers agree with an independent computation", () => {
  test(`safe: the answer is the one offered square no queen attacks (${QUESTIONS} questions)`, () => {
    for (const q of questionsOf("safe")) {
      noClash(q);
      const safe = safeSquares(q.n, q.queens);
      assert.equal(q.choices.length, 4);
      const right = q.choices.filter(
        (c) => c.kind === "square" && safe.some((s) => same(s, c.square)),
      );
      assert.deepEqual(
        right.map((c) => c.id),
        [q.answer],
      );
      // Every wrong pick's hint names a queen of the board that attacks it.
      for (const c of q.choices) {
        if (c.id === q.answer || c.kind !== "square") continue;
        const h = hintFor(q, c.id);
        assert.equal(h.kind, "attacker");
        if (h.kind !== "attacker") continue;
        assert.ok(q.queens.some((x) => same(x, h.queen)) && hits(h.queen, c.square));
      }
    }
  });

  test(`most: the answer is the most queens that fit, found square by square (${QUESTIONS})`, () => {
    for (const q of questionsOf("most")) {
      noClash(q);
      const most = mostFit(q.n, q.queens);
      assert.equal(Number(q.answer), most, JSON.stringify(q.queens));
      assert.ok(q.choices.some((c) => c.id === q.answer));
      assert.ok(q.choices.every((c) => c.kind === "count" && c.count <= q.n - q.queens.length));
      // The placement shown fits: as many queens as the answer, none attacking another.
      const all = [...q.queens, ...q.shows];
      assert.equal(q.shows.length, most);
      for (let i = 0; i < all.length; i++) {
        for (let j = i + 1; j < all.length; j++) assert.ok(!hits(all[i]!, all[j]!));
      }
      // A hint for too many names rows that have no safe square, or every safe square.
      const over = q.choices.find((c) => c.kind === "count" && c.count > most);
      if (over) {
        const h = hintFor(q, over.id);
        if (h.kind === "dead-rows") {
          for (const r of h.rows) assert.ok(!safeSquares(q.n, q.queens).some((s) => s.row === r));
        } else assert.equal(h.kind, "safe-squares");
      }
    }
  });

  test(`complete: the answer is whether the board fills row by row (${QUESTIONS})`, () => {
    let yes = 0;
    for (const q of questionsOf("complete")) {
      noClash(q);
      const can = canFill(q.n, q.queens);
      assert.equal(q.answer, can ? "yes" : "no", JSON.stringify(q));
      if (can) yes++;
    }
    // Both answers come up (the generator aims at half each).
    assert.ok(yes > QUESTIONS / 4 && yes < (3 * QUESTIONS) / 4, `${yes} yes`);
  });

  test(`next: the answer is backtracking's next step, worked out from the board (${QUESTIONS})`, () => {
    for (const q of questionsOf("next")) {
      noClash(q);
      assert.ok(q.last);
      const expected = idOf(nextStep(q.n, q.queens, q.last!));
      assert.equal(q.answer, expected, JSON.stringify(q));
      assert.equal(new Set(q.choices.map((c) => c.id)).size, q.choices.length);
      assert.ok(q.choices.length >= 3 && q.choices.some((c) => c.id === q.answer));
    }
  });
});

describe("exercises: rounds, checks and hints", () => {
  test("the same address gives the same question; another seed another", () => {
    for (const kind of [...EXERCISE_KINDS, "mix"] as const) {
      const a = makeQuestion({ kind, seed: 42, at: 3 });
      assert.deepEqual(makeQuestion({ kind, seed: 42, at: 3 }), a);
    }
    const boards = new Set(
      Array.from({ length: 20 }, (_, seed) =>
        JSON.stringify(makeQuestion({ kind: "safe", seed, at: 0 })),
      ),
    );
    assert.ok(boards.size > 15);
  });

  test("a new round's seed fits the address (at most 9 digits) and changes with its source", () => {
    const seeds = new Set<number>();
    for (let t = 1_700_000_000_000; t < 1_700_000_000_000 + 200; t++) {
      const seed = newSeed(t);
      assert.ok(Number.isInteger(seed) && seed >= 0 && seed < 1e9, String(seed));
      seeds.add(seed);
    }
    assert.ok(seeds.size > 190);
  });

  test("a mixed round asks every kind", () => {
    const kinds = new Set(
      Array.from({ length: 4 }, (_, at) => kindAt({ kind: "mix", seed: 7, at })),
    );
    assert.equal(kinds.size, 4);
  });

  const q = makeQuestion({ kind: "safe", seed: 5, at: 0 });
  const wrong = q.choices.find((c) => c.id !== q.answer)!.id;
  const cases: [string, string | undefined, number, string, string | undefined][] = [
    ["no choice", undefined, 1, "choose", undefined],
    ["right at once", q.answer, 1, "right", "first"],
    ["wrong at first: a hint", wrong, 1, "hint", undefined],
    ["right at the second try", q.answer, 2, "right", "second"],
    ["wrong again: the answer", wrong, 2, "missed", "missed"],
  ];
  for (const [name, chosen, tries, kind, outcome] of cases) {
    test(`check: ${name}`, () => {
      const said = checkPick(q, chosen, tries);
      assert.equal(said.kind, kind);
      assert.equal(outcomeOf(said), outcome);
    });
  }

  test("the hint's squares are marked on the board, the answer's once it is over", () => {
    const said = checkPick(q, wrong, 1);
    const marks = boardMarks(q, said);
    assert.equal(said.kind, "hint");
    if (said.kind === "hint" && said.hint.kind === "attacker") {
      assert.ok(
        marks.hinted.some((s) => same(s, said.hint.kind === "attacker" ? said.hint.queen : s)),
      );
    }
    const over = boardMarks(q, checkPick(q, wrong, 2));
    assert.deepEqual(
      over.hinted.map((s) => `${s.row}:${s.col}`),
      [q.answer],
    );
  });

  test("backtracking's next step, once answered, is marked on the board", () => {
    const next = makeQuestion({ kind: "next", seed: 4, at: 0 });
    const marks = boardMarks(next, checkPick(next, next.answer, 1));
    const [, row, col] = next.answer.split(":").map(Number);
    if (next.answer !== "solution") {
      assert.deepEqual(marks.hinted, [{ row, col }]);
    } else assert.deepEqual(marks.hinted, []);
  });

  test("a round's summary counts each outcome", () => {
    assert.deepEqual(summary(["first", "second", "missed", "first", undefined]), {
      first: 2,
      second: 1,
      missed: 1,
    });
  });
});
