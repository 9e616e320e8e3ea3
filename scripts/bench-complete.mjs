// npm run bench:complete: the completion solver on the published hard instances, at each
// family's hardest point, beside the SAT route (logic-solver's MiniSat on a direct encoding).
// Build first (npm run build:dev). Every instance has a time limit; the ones that reach it are
// counted and shown, never dropped. Any answer the two routes disagree on fails the run.
// Times are wall clock (what the targets are about) and, beside them, the CPU time of the
// process: on a shared machine the two differ by the load.
//
//   node scripts/bench-complete.mjs                     Excluded Diagonals n = 8..21 (500 seeds
//                                                        each), random completion, translated,
//                                                        blocked squares
//   node scripts/bench-complete.mjs --moonshot          Excluded Diagonals n = 22..30 (100 seeds)
//   options: --families diagonals,random,translated,blocked  --n 8-21  --seeds K
//            --limit S (per instance, default 60)  --sat-seeds K (default 30)
//            --sat-limit S (default 20)  --scan (find each n's hardest d again)
//            --every K (Excluded Diagonals: every K-th instance of the seeds taken)
//            --search JSON (options of the hard-instance search, HardSearchOptions, and
//                           "lean": false for that search alone (decide.ts), for
//                           measuring what each part is worth: '{"pairs":false}')
import { cpus, loadavg } from "node:os";
import { performance } from "node:perf_hooks";
import { isMainThread, parentPort, Worker } from "node:worker_threads";

const dist = new URL("../dist/", import.meta.url);
// The published instances, from the project's shared data (src/testing/data.ts says where).
const { readSharedJson } = await import(new URL("testing/data.js", dist));
const data = (name) => readSharedJson(`completion/${name}`, "completion instances");

/**
 * The hardest d of each n: the number of excluded diagonals with the largest median search
 * nodes on the first 60 seeds (scan of this machine; `--scan` measures it again). About half of
 * the instances are satisfiable there.
 */
const HARDEST_D = {
  8: 5,
  9: 6,
  10: 7,
  11: 8,
  12: 8,
  13: 10,
  14: 10,
  15: 13,
  16: 13,
  17: 14,
  18: 16,
  19: 18,
  20: 19,
  21: 19,
};

function args() {
  const a = process.argv.slice(2);
  const get = (name, fallback) => {
    const i = a.indexOf(name);
    return i >= 0 ? a[i + 1] : fallback;
  };
  const moonshot = a.includes("--moonshot");
  const [lo, hi] = get("--n", moonshot ? "22-30" : "8-21")
    .split("-")
    .map(Number);
  return {
    moonshot,
    scan: a.includes("--scan"),
    families: get(
      "--families",
      moonshot ? "diagonals" : "diagonals,random,translated,blocked",
    ).split(","),
    lo,
    hi: hi ?? lo,
    seeds: get("--seeds") === undefined ? undefined : Number(get("--seeds")),
    every: Number(get("--every", "1")),
    search: get("--search") === undefined ? undefined : JSON.parse(get("--search")),
    limit: Number(get("--limit", "60")),
    satSeeds: Number(get("--sat-seeds", "30")),
    satLimit: Number(get("--sat-limit", "20")),
  };
}

const q = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
const sortNum = (a) => [...a].sort((x, y) => x - y);
const s3 = (v) => (v === undefined ? "-" : v < 0.001 ? v.toExponential(1) : v.toFixed(3));
const big = (v) => (v === undefined ? "-" : v.toLocaleString("en-US"));

/** The SAT route with a time limit per instance: a worker thread, replaced when it overruns. */
class SatRoute {
  constructor() {
    this.worker = undefined;
    this.next = 0;
  }
  start() {
    this.worker = new Worker(new URL(import.meta.url));
    this.worker.unref();
  }
  solve(board, limitSeconds) {
    if (!this.worker) this.start();
    const id = this.next++;
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.worker.removeAllListeners("message");
        this.worker.terminate();
        this.worker = undefined;
        resolve({ timedOut: true, seconds: limitSeconds });
      }, limitSeconds * 1000);
      const onMessage = (m) => {
        if (m.id !== id) return;
        clearTimeout(timer);
        this.worker.off("message", onMessage);
        resolve({ timedOut: false, sat: m.sat, seconds: m.seconds });
      };
      this.worker.on("message", onMessage);
      this.worker.postMessage({ id, board });
    });
  }
  stop() {
    this.worker?.terminate();
  }
}

async function main() {
  const opt = args();
  const { decideCompletion, parseBoard, formatBoard } = await import(new URL("index.js", dist));
  const gen = await import(new URL("completion/index.js", dist));
  const { decideHard } = await import(new URL("completion/decide.js", dist));
  const { Forbidden } = await import(new URL("board.js", dist));
  const diagonals = data("excluded-diagonals.json").instances;
  const sat = new SatRoute();
  let disagreements = 0;

  const [l1, l5] = loadavg();
  console.log(
    `bench:complete: ${cpus().length} cores (${cpus()[0]?.model.trim()}), Node ${process.version}, load average ${l1.toFixed(2)} (1 min) ${l5.toFixed(2)} (5 min) at the start`,
  );
  console.log(
    `time limit ${opt.limit} s per instance (our solver), ${opt.satLimit} s (SAT route, first ${opt.satSeeds} instances of each row)\n`,
  );

  /** Decides every board of a row with our solver, then a sample with the SAT route. */
  async function row(label, boards, texts) {
    const times = [];
    const cpuTimes = [];
    const nodes = [];
    let yes = 0;
    let no = 0;
    let out = 0;
    const answers = [];
    const readTimes = [];
    for (let i = 0; i < boards.length; i++) {
      const c0 = process.cpuUsage();
      const t0 = performance.now();
      let board = boards[i];
      if (texts) {
        // Read the board from its JSON text as the command does: reading is part of the time.
        const r = parseBoard(texts[i]);
        if (!r.ok) throw new Error(r.error);
        board = r.board;
        readTimes.push((performance.now() - t0) / 1000);
      }
      const d =
        opt.search && board.n - board.queens.length <= 32
          ? decideHard(board, new Forbidden(board), opt.search, opt.limit * 1000)
          : decideCompletion(board, { timeLimitMs: opt.limit * 1000 });
      const seconds = (performance.now() - t0) / 1000;
      const c = process.cpuUsage(c0);
      times.push(seconds);
      cpuTimes.push((c.user + c.system) / 1e6);
      nodes.push(d.nodes);
      if (d.timedOut) out++;
      else if (d.cols) yes++;
      else no++;
      answers.push(d.timedOut ? undefined : d.cols !== undefined);
    }
    const satTimes = [];
    let satOut = 0;
    let agree = 0;
    const sample = Math.min(opt.satSeeds, boards.length);
    for (let i = 0; i < sample; i++) {
      const r = await sat.solve(boards[i], opt.satLimit);
      satTimes.push(r.seconds);
      if (r.timedOut) {
        satOut++;
        continue;
      }
      if (answers[i] === undefined) continue;
      if (answers[i] === r.sat) agree++;
      else {
        disagreements++;
        console.log(`  DISAGREEMENT: ${label} instance ${i + 1}: ours ${answers[i]}, SAT ${r.sat}`);
      }
    }
    const t = sortNum(times);
    const ct = sortNum(cpuTimes);
    const k = sortNum(nodes);
    const st = sortNum(satTimes);
    const rt = sortNum(readTimes);
    console.log(
      `| ${label} | ${boards.length} | ${yes} | ${no} | ${out} | ${s3(q(t, 0.5))} | ${s3(q(t, 0.9))} | ${s3(t.at(-1))} | ${s3(q(ct, 0.5))} | ${s3(ct.at(-1))} | ${big(q(k, 0.5))} | ${big(q(k, 0.9))} | ${big(k.at(-1))} | ${sample} | ${agree} | ${satOut} | ${s3(q(st, 0.5))} | ${s3(q(st, 0.9))} | ${s3(st.at(-1))} |${texts ? ` read ${s3(q(rt, 0.5))} median, ${s3(rt.at(-1))} max |` : ""}`,
    );
    return { median: q(t, 0.5), max: t.at(-1), out };
  }

  const header = (first) => {
    console.log(
      `| ${first} | instances | SAT | UNSAT | time limit reached | median s | p90 s | max s | median CPU s | max CPU s | median nodes | p90 nodes | max nodes | SAT route: instances | agree | limit reached | median s | p90 s | max s |`,
    );
    console.log(`|${" --- |".repeat(19)}`);
  };

  const summary = [];
  if (opt.families.includes("diagonals")) {
    console.log(`Excluded Diagonals (CSPLib 079), each n at its hardest d:`);
    header("n (d)");
    for (let n = opt.lo; n <= opt.hi; n++) {
      const list = diagonals[n];
      if (!list) continue;
      const seeds = list.slice(0, opt.seeds ?? list.length).filter((_, i) => i % opt.every === 0);
      let d = HARDEST_D[n] ?? Math.round(0.9 * n);
      if (opt.scan) d = scanHardest(n, list.slice(0, 60), decideCompletion, gen);
      const boards = seeds
        .filter((x) => x.diags.length >= d)
        .map((x) => gen.excludedDiagonalsBoard(n, x.diags, d));
      const r = await row(`${n} (${d})`, boards);
      summary.push({ n, ...r });
    }
    console.log("");
  }
  if (opt.families.includes("random")) {
    console.log(
      "Random completion (the published instances, d = n - m queens to place), read from JSON:",
    );
    header("n (d)");
    const all = data("random-completion.json").instances;
    for (const n of [76, 119, 171]) {
      const mine = all.filter((x) => x.n === n);
      const boards = mine.map((x) => ({ n, queens: x.queens.map(([row, col]) => ({ row, col })) }));
      const texts = boards.map((b) => formatBoard(b, "json"));
      await row(`${n} (${n - mine[0].queens.length})`, boards, texts);
    }
    console.log("");
  }
  if (opt.families.includes("translated")) {
    console.log(
      "Excluded Diagonals translated into completion (the published boards), read from JSON:",
    );
    header("n (from)");
    const all = data("translated-excluded-diagonals.json").instances;
    for (const n of [...new Set(all.map((x) => x.n))]) {
      const mine = all.filter((x) => x.n === n);
      const boards = mine.map((x) => ({ n, queens: x.queens.map(([row, col]) => ({ row, col })) }));
      const texts = boards.map((b) => formatBoard(b, "json"));
      await row(`${n} (n=${mine[0].from.n} d=${mine[0].from.d})`, boards, texts);
    }
    console.log("");
  }
  if (opt.families.includes("blocked")) {
    console.log(
      "Blocked n-Queens (CSPLib 080 generator, 1 square kept per line), n^2 - 6n blocked:",
    );
    header("n (blocked)");
    for (const n of [12, 16, 20, 24, 28, 32]) {
      const b = n * n - 6 * n;
      const boards = [];
      for (let seed = 1; boards.length < (opt.seeds ?? 100) && seed < 1000; seed++) {
        const blocked = gen.blockedSquares(n, b, seed, 1);
        if (blocked) boards.push({ n, queens: [], blocked });
      }
      await row(`${n} (${b})`, boards);
    }
    console.log("");
  }
  sat.stop();
  const [e1] = loadavg();
  console.log(`load average ${e1.toFixed(2)} (1 min) at the end`);
  if (summary.length > 0) {
    const worst = summary.reduce((a, b) => (b.median > a.median ? b : a));
    const slowest = summary.reduce((a, b) => (b.max > a.max ? b : a));
    const outs = summary.reduce((a, b) => a + b.out, 0);
    console.log(
      `Excluded Diagonals n = ${opt.lo}..${opt.hi}: largest median ${s3(worst.median)} s (n = ${worst.n}), largest time ${s3(slowest.max)} s (n = ${slowest.n}), ${outs} instances at the time limit`,
    );
  }
  if (disagreements > 0) {
    console.log(`${disagreements} answers disagree with the SAT route`);
    process.exitCode = 1;
  }
}

/** The d with the largest median nodes over these seeds, from 0.65 n to 1.05 n. */
function scanHardest(n, seeds, decideCompletion, gen) {
  let best = Math.round(0.9 * n);
  let most = -1;
  for (let d = Math.round(0.65 * n); d <= Math.round(1.05 * n); d++) {
    const nodes = seeds
      .filter((x) => x.diags.length >= d)
      .map(
        (x) =>
          decideCompletion(gen.excludedDiagonalsBoard(n, x.diags, d), { restarts: false }).nodes,
      );
    const m = q(sortNum(nodes), 0.5) ?? 0;
    if (m > most) {
      most = m;
      best = d;
    }
  }
  return best;
}

if (!isMainThread) {
  // The SAT route, one instance at a time; the main thread ends a run past its time limit.
  const { satComplete } = await import(new URL("testing/sat.js", dist));
  parentPort.on("message", ({ id, board }) => {
    const t0 = performance.now();
    const cols = satComplete(board);
    parentPort.postMessage({
      id,
      sat: cols !== undefined,
      seconds: (performance.now() - t0) / 1000,
    });
  });
} else {
  await main();
}
