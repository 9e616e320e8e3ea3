// Runs the built command (npm run build first): node bin/nqueens.js trace ...
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { describe, test } from "node:test";
import { fileURLToPath } from "node:url";
import { attackKind } from "../board.js";
import { KNOWN, TREE_PROFILE_8 } from "../testing/known-counts.js";

const root = fileURLToPath(new URL("../../", import.meta.url));
const bin = `${root}bin/nqueens.js`;

function nqueens(...args: string[]) {
  assert.ok(existsSync(`${root}dist/cli/main.js`), "build first: npm run build");
  const r = spawnSync(process.execPath, [bin, ...args], { cwd: root, encoding: "utf8" });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr, lines: r.stdout.split("\n") };
}

const EVENT_LINE =
  /^( *)(?:(place|remove) \((\d+),(\d+)\)|reject \((\d+),(\d+)\): (column|diagonal|anti-diagonal) with \((\d+),(\d+)\)|solution #(\d+): ([\d ]+))$/;

/** The counts of the profile's `depth d  count  ###` lines. */
function profileCounts(lines: readonly string[]): number[] {
  return lines.flatMap((l) => {
    const m = /^depth +(\d+) +(\d+) +#*$/.exec(l);
    return m ? [Number(m[2])] : [];
  });
}

describe("nqueens trace", () => {
  test("trace 4 --limit 20: 20 indented steps, a note, then the profile", () => {
    const r = nqueens("trace", "4", "--limit", "20");
    assert.equal(r.status, 0);
    assert.equal(r.stderr, "");
    assert.match(r.lines[0]!, /first 20 events/);
    const events = r.lines.filter((l) => EVENT_LINE.test(l));
    assert.equal(events.length, 20);
    assert.deepEqual(r.lines.slice(1, 4), ["place (0,0)", "  place (1,2)", "  remove (1,2)"]);
    assert.ok(r.lines.some((l) => /stopped after 20 events of 34/.test(l)));
    const counts = profileCounts(r.lines);
    assert.equal(counts.length, 5);
    assert.equal(counts[0], 1);
    assert.equal(BigInt(counts[4]!), KNOWN.find((k) => k.n === 4)!.total);
  });

  test("the default limit is 200 and says so", () => {
    const r = nqueens("trace", "8");
    assert.equal(r.status, 0);
    assert.match(r.lines[0]!, /first 200 events \(default/);
    assert.equal(r.lines.filter((l) => EVENT_LINE.test(l)).length, 200);
  });

  test("a search shorter than the limit says it shows all of it, in words that agree", () => {
    const cases: [string[], string, string][] = [
      [["4"], "all 34 events", "17 nodes, 2 solutions"],
      [["1"], "all 3 events", "2 nodes, 1 solution"],
      [["4", "--limit", "all"], "all 34 events", "17 nodes, 2 solutions"],
      [["8"], "first 200 events (default; --limit k for more)", "2,057 nodes, 92 solutions"],
    ];
    for (const [args, head, tree] of cases) {
      const r = nqueens("trace", ...args);
      assert.equal(r.status, 0);
      assert.ok(r.lines[0]!.endsWith(`from 0: ${head}`), r.lines[0]);
      assert.ok(
        r.lines.some((l) => l.endsWith(`): ${tree}`)),
        tree,
      );
    }
  });

  test("trace 8 --limit 0 draws the A319284 profile, bars scaled to the largest", () => {
    const r = nqueens("trace", "8", "--limit", "0");
    assert.equal(r.status, 0);
    assert.deepEqual(profileCounts(r.lines), TREE_PROFILE_8);
    // The profile alone: no heading about events, no "stopped after 0 events" note.
    assert.match(
      r.lines[0]!,
      /^Search tree, nodes per depth \(n = 8\): 2,057 nodes, 92 solutions$/,
    );
    assert.doesNotMatch(r.stdout, /event/);
    const bars = r.lines.filter((l) => l.startsWith("depth")).map((l) => l.split("#").length - 1);
    const widest = TREE_PROFILE_8.indexOf(Math.max(...TREE_PROFILE_8));
    assert.equal(Math.max(...bars), bars[widest]);
  });

  test("indentation follows depth, solutions are the boards built, rejects name an attacker", () => {
    const r = nqueens("trace", "6", "--rejects", "--limit", "all");
    assert.equal(r.status, 0);
    const board = new Map<number, number>();
    let solutions = 0;
    for (const line of r.lines) {
      const m = EVENT_LINE.exec(line);
      if (!m) continue;
      const depth = m[1]!.length / 2;
      if (m[2] === "place") {
        assert.equal(depth, board.size, line);
        board.set(Number(m[3]), Number(m[4]));
      } else if (m[2] === "remove") {
        assert.equal(board.get(Number(m[3])), Number(m[4]), line);
        board.delete(Number(m[3]));
        assert.equal(depth, board.size, line);
      } else if (m[7]) {
        assert.equal(depth, board.size, line);
        const by = { row: Number(m[8]), col: Number(m[9]) };
        assert.equal(board.get(by.row), by.col, `${line}: attacker on the board`);
        assert.equal(attackKind(by, { row: Number(m[5]), col: Number(m[6]) }), m[7], line);
      } else {
        solutions++;
        assert.equal(Number(m[10]), solutions, line);
        assert.equal(m[11], [...Array(6).keys()].map((row) => board.get(row)).join(" "), line);
      }
    }
    assert.equal(board.size, 0);
    assert.equal(BigInt(solutions), KNOWN.find((k) => k.n === 6)!.total);
    assert.ok(!r.stdout.includes("stopped after"));
  });

  test("the first solution of n = 8 is 0 4 7 5 2 6 1 3", () => {
    const r = nqueens("trace", "8", "--limit", "all");
    const first = r.lines.find((l) => l.includes("solution #1:"));
    assert.equal(first?.trim(), "solution #1: 0 4 7 5 2 6 1 3");
  });

  test("--json: one event per line, then the profile object", () => {
    const r = nqueens("trace", "5", "--json", "--limit", "all");
    assert.equal(r.status, 0);
    const docs = r.stdout
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    const profile = docs.pop();
    assert.equal(profile.type, "profile");
    assert.equal(profile.truncated, false);
    assert.equal(profile.shown, docs.length);
    assert.equal(profile.events, docs.length);
    assert.equal(BigInt(profile.solutions), KNOWN.find((k) => k.n === 5)!.total);
    assert.deepEqual(
      docs.map((d) => d.step),
      [...docs.keys()].map((i) => i + 1),
    );
    const places = docs.filter((d) => d.type === "place").length;
    assert.equal(places + 1, profile.total, "every node but the root is placed once");
    const cut = nqueens("trace", "5", "--json", "--limit", "7");
    const cutDocs = cut.stdout
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    assert.equal(cutDocs.length, 8);
    assert.equal(cutDocs[7].truncated, true);
  });

  test("n = 16 traces but does not draw the profile", () => {
    const r = nqueens("trace", "16", "--limit", "3");
    assert.equal(r.status, 0);
    assert.equal(r.lines.filter((l) => EVENT_LINE.test(l)).length, 3);
    assert.match(r.stdout, /not drawn for n > 15/);
  });

  for (const args of [["0"], ["17"], ["abc"], ["4", "--limit", "-1"], ["4", "--limit", "x"]]) {
    test(`trace ${args.join(" ")}: exit 2, one line on stderr`, () => {
      const r = nqueens("trace", ...args);
      assert.equal(r.status, 2);
      assert.equal(r.stdout, "");
      assert.match(r.stderr, /^nqueens: [^\n]+\n$/);
    });
  }
});
