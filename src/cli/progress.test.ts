// The bar's text (unit tests), and the BUILT command (bin/nqueens.js -> dist/) under a real
// pseudo-terminal: build first with `npm run build` (npm test does).
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, test } from "node:test";
import { BIN, ROOT } from "../testing/run-cli.js";
import {
  etaSeconds,
  formatDuration,
  type ProgressState,
  progressLine,
  showsProgress,
  startProgress,
} from "./progress.js";

describe("progressLine", () => {
  const typical: ProgressState = {
    done: 1234,
    total: 3206,
    label: "sub-problems",
    count: 14_772_512n,
    countLabel: "solutions",
    rate: 9_980_464,
    eta: 65,
  };
  /** The longest numbers any count can show: n = 32's split, 2^64 solutions, 10^12 per second. */
  const widest: ProgressState = {
    done: 3_860_400,
    total: 3_860_400,
    label: "sub-problems",
    count: 2n ** 64n,
    countLabel: "solutions",
    rate: 1e12,
    eta: 1e12,
  };

  test("in full on a wide terminal, every number with thousands separators", () => {
    const line = progressLine(typical, 200);
    assert.match(line, /^\[=+-+\] {2}38\.4% \| 1,234\/3,206 sub-problems \| 14,772,512 solutions/);
    assert.match(line, /\| 9,980,464\/s \| ETA 1m 05s$/);
    assert.equal(line.indexOf("]"), 41, "a bar of 40");
  });

  for (const width of [200, 120, 100, 80, 72, 60, 40, 30, 20, 10, 2]) {
    test(`fits ${width} columns (leaving the last one free), whatever the numbers`, () => {
      for (const state of [typical, widest, { ...typical, rate: undefined, eta: undefined }]) {
        const line = progressLine(state, width);
        assert.ok(line.length <= width - 1 || (width < 2 && line.length <= 1), `${line.length}`);
        if (width >= 40) assert.match(line, /ETA/);
      }
    });
  }

  test("at 80 columns the typical count keeps its progress, count, rate and ETA", () => {
    const line = progressLine(typical, 80);
    assert.ok(line.length <= 79, line);
    for (const part of ["38.4%", "1,234/3,206", "14,772,512", "9,980,464/s", "ETA 1m 05s"]) {
      assert.ok(line.includes(part), `${part} in ${line}`);
    }
    assert.match(line, /^\[[=-]{8,}\]/);
  });

  test("no ETA until the work done since the first update says enough", () => {
    // [units done since the first update, seconds, units left, total, ETA]
    const cases: [number, number, number, number, number | undefined][] = [
      [1, 10, 4096, 4097, undefined], // one join task with the tables' start-up: not hours
      [2, 1, 100, 102, undefined], // fewer than 3 units
      [3, 1, 97, 100, 97 / 3], // 3 units of 100: enough
      [40, 10, 3960, 4000, 990], // 1% of the total
      [39, 10, 3961, 4000, undefined], // just under 1%
      [5, 0, 95, 100, undefined], // no time has passed
    ];
    for (const [done, seconds, left, total, eta] of cases) {
      assert.equal(
        etaSeconds(done, seconds, left, total),
        eta,
        `${done} of ${total} in ${seconds} s`,
      );
    }
  });

  test("unknown rate and ETA, an empty total, small rates", () => {
    assert.match(
      progressLine({ ...typical, rate: undefined, eta: undefined }, 200),
      /-\/s \| ETA --$/,
    );
    assert.match(progressLine({ done: 0, total: 0, label: "x" }, 200), /100\.0% \| 0\/0 x/);
    assert.match(progressLine({ done: 1, total: 9, label: "x", rate: 0.25 }, 200), /0\.3\/s/);
  });

  test("durations", () => {
    assert.equal(formatDuration(0), "0s");
    assert.equal(formatDuration(59.4), "59s");
    assert.equal(formatDuration(65), "1m 05s");
    assert.equal(formatDuration(7380), "2h 03m");
    assert.equal(formatDuration(5 * 86400 + 7200), "5d 02h");
    assert.equal(formatDuration(1234 * 86400), "1,234d 00h");
  });
});

describe("when a bar is drawn", () => {
  const tty = { isTTY: true } as NodeJS.WriteStream;
  const pipe = { isTTY: false } as NodeJS.WriteStream;
  const env = { TERM: "xterm-256color" };

  test("only on a terminal, without --json or --no-progress, and not with TERM=dumb", () => {
    assert.equal(showsProgress({ label: "x", stream: tty, env }), true);
    assert.equal(showsProgress({ label: "x", stream: tty, env: {} }), true);
    assert.equal(showsProgress({ label: "x", stream: pipe, env }), false);
    assert.equal(showsProgress({ label: "x", stream: tty, env, json: true }), false);
    assert.equal(showsProgress({ label: "x", stream: tty, env, progress: false }), false);
    assert.equal(showsProgress({ label: "x", stream: tty, env: { TERM: "dumb" } }), false);
  });

  test("a bar that is not drawn writes nothing", () => {
    const bar = startProgress({ label: "x", stream: pipe, env });
    assert.equal(bar.drawn, false);
    bar.update(1, 2, { count: 3n });
    bar.stop();
  });
});

// ---------------------------------------------------------------------------------------------
// Under a pseudo-terminal: python3's pty module starts the command with a terminal of the given
// width as its stdin, stdout and stderr, collects every byte it writes, and (when asked) types
// Ctrl-C once the given text has appeared. No timing is asserted.

const PTY_RUN = String.raw`
import base64, fcntl, json, os, pty, select, signal, struct, sys, termios, time
spec = json.loads(sys.argv[1])
try:
    pid, fd = pty.fork()
except OSError as e:
    print(json.dumps({"skip": "no pseudo-terminal could be opened: %s" % e}))
    sys.exit(0)
if pid == 0:
    try:
        fcntl.ioctl(1, termios.TIOCSWINSZ, struct.pack("HHHH", 24, spec["cols"], 0, 0))
        os.execve(spec["argv"][0], spec["argv"], spec["env"])
    finally:
        os._exit(127)
out = b""
sent = False
deadline = time.time() + spec["timeout"]
while time.time() < deadline:
    try:
        ready, _, _ = select.select([fd], [], [], 0.2)
    except InterruptedError:
        continue
    if not ready:
        continue
    try:
        data = os.read(fd, 65536)
    except OSError:
        break
    if not data:
        break
    out += data
    if spec.get("interrupt") and not sent and spec["interrupt"].encode() in out:
        os.write(fd, b"\x03")
        sent = True
else:
    os.kill(pid, signal.SIGKILL)
_, status = os.waitpid(pid, 0)
code = os.WEXITSTATUS(status) if os.WIFEXITED(status) else 128 + os.WTERMSIG(status)
print(json.dumps({"code": code, "sent": sent, "output": base64.b64encode(out).decode()}))
`;

interface PtyRun {
  code: number;
  sent: boolean;
  output: string;
}

/** Runs `nqueens ...args` under a pseudo-terminal; a string result is the reason to skip. */
function underPty(
  args: string[],
  options: { cols?: number; env?: Record<string, string>; interrupt?: string } = {},
): Promise<PtyRun | string> {
  const spec = {
    argv: [process.execPath, BIN, ...args],
    env: { ...process.env, TERM: "xterm-256color", ...options.env },
    cols: options.cols ?? 80,
    interrupt: options.interrupt,
    timeout: 600, // seconds, a guard against a hang: a count here takes seconds on a quiet machine
  };
  return new Promise((resolve) => {
    const child = spawn("python3", ["-c", PTY_RUN, JSON.stringify(spec)], { cwd: ROOT });
    let out = "";
    let err = "";
    child.stdout.setEncoding("utf8").on("data", (d: string) => (out += d));
    child.stderr.setEncoding("utf8").on("data", (d: string) => (err += d));
    child.on("error", (e) =>
      resolve(`python3 is needed for the pseudo-terminal tests (${e.message})`),
    );
    child.on("close", (code) => {
      if (code !== 0) {
        resolve(`python3 could not run the pseudo-terminal (exit ${code}: ${err.trim()})`);
        return;
      }
      const r = JSON.parse(out) as { skip?: string; code: number; sent: boolean; output: string };
      if (r.skip) resolve(r.skip);
      else resolve({ ...r, output: Buffer.from(r.output, "base64").toString("utf8") });
    });
  });
}

/** A guard against a hang for each suite below, far from the minute or so they take. */
const PTY_SUITE_MS = 3_600_000;

const ESC = "\u001b";
const HIDE = `${ESC}[?25l`;
const SHOW = `${ESC}[?25h`;
const WRAP_OFF = `${ESC}[?7l`;
const WRAP_ON = `${ESC}[?7h`;

/**
 * What is drawn from the first column each time: the output split where the cursor goes back
 * to column 1 (ESC [ 1 G, or a carriage return) or down a line, escape sequences removed.
 */
function drawnLines(output: string): string[] {
  return output
    .split(new RegExp(`${ESC}\\[\\d*G|\\r|\\n`))
    .map((s) => s.replace(new RegExp(`${ESC}(\\[[0-9;?]*[A-Za-z]|[78])`, "g"), ""))
    .filter((s) => s !== "");
}

const barLines = (output: string) => drawnLines(output).filter((l) => /^\[[=-]*\]/.test(l));

describe("the bar under a pseudo-terminal (nqueens count)", { timeout: PTY_SUITE_MS }, () => {
  test("80 columns: fits, thousands separators, cursor and wrap restored at the end", async (t) => {
    assert.ok(existsSync(`${ROOT}dist/cli/progress.js`), "build first: npm run build");
    const r = await underPty(["count", "16", "--workers", "1", "--method", "constellations"]);
    if (typeof r === "string") return t.skip(r);
    assert.equal(r.code, 0, r.output);
    const bars = barLines(r.output);
    assert.ok(bars.length >= 1, `a bar was drawn: ${JSON.stringify(r.output.slice(0, 400))}`);
    for (const line of bars) assert.ok(line.length <= 80, `${line.length} columns: ${line}`);
    assert.ok(
      bars.some((l) => l.includes("/3,206")),
      "3,206 sub-problems, with a separator",
    );
    assert.match(r.output, /total {3}14772512\r?\n/);
    assert.ok(r.output.includes(HIDE) && r.output.includes(WRAP_OFF));
    assert.ok(r.output.lastIndexOf(SHOW) > r.output.lastIndexOf(HIDE), "cursor shown again");
    assert.ok(r.output.lastIndexOf(WRAP_ON) > r.output.lastIndexOf(WRAP_OFF), "wrap on again");
    assert.ok(r.output.lastIndexOf(SHOW) < r.output.indexOf("total"), "before the result");
  });

  test("40 columns: still fits", async (t) => {
    const r = await underPty(["count", "15", "--workers", "1"], { cols: 40 });
    if (typeof r === "string") return t.skip(r);
    assert.equal(r.code, 0, r.output);
    const bars = drawnLines(r.output).filter((l) => l.includes("%"));
    assert.ok(bars.length >= 1, JSON.stringify(r.output.slice(0, 400)));
    for (const line of bars) assert.ok(line.length <= 40, `${line.length} columns: ${line}`);
  });

  for (const [what, args, env] of [
    ["TERM=dumb", [], { TERM: "dumb" }],
    ["--no-progress", ["--no-progress"], {}],
    ["--json", ["--json"], {}],
  ] as const) {
    test(`no bar with ${what}`, async (t) => {
      const r = await underPty(["count", "15", "--workers", "1", ...args], { env });
      if (typeof r === "string") return t.skip(r);
      assert.equal(r.code, 0, r.output);
      assert.ok(!r.output.includes(ESC), JSON.stringify(r.output));
      assert.doesNotMatch(r.output, /sub-problems|%/);
      assert.match(r.output, /2279184/);
    });
  }

  test("Ctrl-C: the cursor is shown and wrap turned on after the bar, exit 130", async (t) => {
    const r = await underPty(["count", "16", "--workers", "1", "--method", "constellations"], {
      interrupt: "/3,206",
    });
    if (typeof r === "string") return t.skip(r);
    if (!r.sent) {
      assert.equal(r.code, 0, r.output);
      return t.skip("the count finished before Ctrl-C could be typed");
    }
    assert.equal(r.code, 130, r.output);
    const lastBar = r.output.lastIndexOf("/3,206");
    assert.ok(r.output.indexOf(SHOW, lastBar) > lastBar, "ESC [ ? 25 h after the last bar");
    assert.ok(r.output.indexOf(WRAP_ON, lastBar) > lastBar, "ESC [ ? 7 h after the last bar");
    assert.ok(r.output.lastIndexOf(HIDE) < r.output.lastIndexOf(SHOW));
    assert.match(r.output, /nqueens: interrupted after [\d,]+ of 3,206 sub-problems/);
    assert.ok(r.output.indexOf(SHOW, lastBar) < r.output.indexOf("interrupted after"));
  });
});

describe("the same bar for nqueens complete --count and --all", { timeout: PTY_SUITE_MS }, () => {
  const dir = mkdtempSync(join(tmpdir(), "nqueens-progress-"));
  after(() => rmSync(dir, { recursive: true, force: true }));
  const empty16 = join(dir, "n16.txt");
  writeFileSync(empty16, "n 16\n");

  test("complete --count of an empty 16x16 board: the bar fits 80 columns, then the count", async (t) => {
    const r = await underPty(["complete", "-q", "--count", empty16]);
    if (typeof r === "string") return t.skip(r);
    assert.equal(r.code, 0, r.output);
    const bars = barLines(r.output);
    assert.ok(bars.length >= 1, `a bar was drawn: ${JSON.stringify(r.output.slice(0, 400))}`);
    for (const line of bars) assert.ok(line.length <= 80, `${line.length} columns: ${line}`);
    assert.ok(
      bars.some((l) => /completions/.test(l) || /sub-problems/.test(l)),
      bars.join("\n"),
    );
    assert.match(r.output, /14772512\r?\n/);
    assert.ok(r.output.lastIndexOf(SHOW) > r.output.lastIndexOf(HIDE), "cursor shown again");
  });

  test("complete --count, Ctrl-C: exit 130, the partial count and the terminal restored", async (t) => {
    const r = await underPty(["complete", "-q", "--count", empty16], { interrupt: "sub-problems" });
    if (typeof r === "string") return t.skip(r);
    if (!r.sent) return t.skip("the count finished before Ctrl-C could be typed");
    assert.equal(r.code, 130, r.output);
    assert.match(
      r.output,
      /nqueens: interrupted after [\d,]+ of [\d,]+ sub-problems; [\d,]+ completions? counted so far/,
    );
    assert.ok(r.output.lastIndexOf(SHOW) > r.output.lastIndexOf(HIDE), "cursor shown again");
  });

  test("complete of a board past the hard search's size: on a terminal, a note before the exact search", async (t) => {
    const board = join(dir, "n40.txt");
    writeFileSync(board, "n 40\n0 0\n");
    const r = await underPty(["complete", "-q", "--format", "perm", board]);
    if (typeof r === "string") return t.skip(r);
    assert.equal(r.code, 0, r.output);
    assert.match(
      r.output,
      /nqueens: note: an exact search follows, without progress;.*Ctrl-C stops it/,
    );
    const quiet = await underPty(["complete", "-q", "--no-progress", "--format", "perm", board]);
    if (typeof quiet === "string") return t.skip(quiet);
    assert.equal(quiet.code, 0, quiet.output);
    assert.doesNotMatch(quiet.output, /exact search/);
  });

  test("complete --count with --no-progress: no bar", async (t) => {
    const r = await underPty(["complete", "-q", "--count", "--no-progress", empty16]);
    if (typeof r === "string") return t.skip(r);
    assert.equal(r.code, 0, r.output);
    assert.ok(!r.output.includes(ESC), JSON.stringify(r.output.slice(0, 300)));
  });
});
