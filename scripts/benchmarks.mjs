// BENCHMARKS.md, written from the raw results in bench/results.jsonl: one JSON line per measured
// row (which benchmark, the run it belongs to, the command, the machine, the load, every sample),
// appended by the benchmark scripts themselves (scripts/bench.mjs). The document shows each
// benchmark's latest run as one table; older runs stay in the file, and the dated notes under
// docs/notes/ tell what was tried and dropped. Nothing here is typed by hand: rerun the benchmark
// and the table follows.
// Usage: node scripts/benchmarks.mjs          write BENCHMARKS.md
//        node scripts/benchmarks.mjs --check  fail (exit 1) when BENCHMARKS.md is not what the
//                                             results give (npm run check)
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../", import.meta.url));
const RESULTS = join(root, "bench", "results.jsonl");
const DOC = join(root, "BENCHMARKS.md");

/** The results, line by line; a line that does not parse names its number. */
export function readResults(path = RESULTS) {
  if (!existsSync(path)) return [];
  return readFileSync(path, "utf8")
    .split("\n")
    .flatMap((line, i) => {
      if (line.trim() === "") return [];
      try {
        return [JSON.parse(line)];
      } catch {
        throw new Error(`${path}:${i + 1}: not a JSON line`);
      }
    });
}

/** The median of the numbers among `xs` (NaN when there are none). */
export const median = (xs) => {
  const s = xs.filter((x) => typeof x === "number" && !Number.isNaN(x)).sort((a, b) => a - b);
  if (s.length === 0) return Number.NaN;
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
/** A figure to `digits` places, `-` for NaN. */
export const fmt = (x, digits = 2) => (Number.isNaN(x) ? "-" : x.toFixed(digits));
const thousands = (s) => String(s).replace(/\B(?=(\d{3})+(?!\d))/g, ",");

/** The count benchmark's latest run as a table: one row per N, each method's medians. */
function countTable(rows) {
  const runId = rows.at(-1).run;
  const run = rows.filter((r) => r.run === runId);
  const first = run[0];
  const methods = [...new Set(run.map((r) => r.method))];
  const ns = [...new Set(run.map((r) => r.n))].sort((a, b) => a - b);
  const head = ["N", "total", "unique", "known"];
  for (const m of methods) head.push(`${m} s`, `${m} CPU s`, `${m} MB`);
  const others = methods.filter((m) => m !== "join");
  if (methods.includes("join")) for (const m of others) head.push(`${m} / join (CPU)`);
  const lines = [`| ${head.join(" | ")} |`, `|${head.map(() => "---|").join("")}`];
  for (const n of ns) {
    const at = new Map(run.filter((r) => r.n === n).map((r) => [r.method, r]));
    const any = [...at.values()][0];
    const row = [n, thousands(any.total ?? "-"), thousands(any.unique ?? "-"), any.known ?? "-"];
    for (const m of methods) {
      const r = at.get(m);
      if (!r) row.push("-", "-", "-");
      else row.push(fmt(median(r.wall)), fmt(median(r.cpu)), fmt(median(r.mb), 0));
    }
    if (methods.includes("join")) {
      for (const m of others) {
        const a = at.get(m);
        const j = at.get("join");
        row.push(a && j ? fmt(median(a.cpu) / median(j.cpu)) : "-");
      }
    }
    lines.push(`| ${row.join(" | ")} |`);
  }
  const m = first.machine;
  return [
    `## Counting: both methods against baseline.c`,
    "",
    `Run ${first.run} on ${m.cpu}, ${m.cores} cores, Node ${m.node}, --workers ${first.workers};`,
    `load average ${fmt(first.load.start)} at the start and ${fmt(run.at(-1).load.end)} at the end;`,
    `whole process (GNU time), median of each row's runs (${[...new Set(run.map((r) => r.wall.length))].join(" or ")}).`,
    `Command: \`${first.command}\`.`,
    "",
    ...lines,
    "",
  ].join("\n");
}

/** The rows of the latest run among `rows`. */
const latestRun = (rows) => rows.filter((r) => r.run === rows.at(-1).run);

/** A section: its title, the run's when, where, load and command, what was measured, a table. */
function section(title, run, what, table) {
  const first = run[0];
  const m = first.machine;
  return [
    `## ${title}`,
    "",
    `Run ${first.run} on ${m.cpu}, ${m.cores} cores, Node ${m.node};`,
    `load average ${fmt(first.load.start)} at the start and ${fmt(run.at(-1).load.end)} at the end;`,
    what,
    `Command: \`${first.command}\`.`,
    "",
    ...table,
    "",
  ].join("\n");
}

const signed = (x, d) => `${x >= 0 ? "+" : ""}${fmt(x, d)}`;

/** The start-up benchmark's latest run: each command against `node -e 0` in the same rounds. */
function startupTable(rows) {
  const run = latestRun(rows);
  const table = [
    "| command | CPU s | over node -e 0 | peak MB | over node -e 0 | counts known |",
    "|---|---|---|---|---|---|",
    ...run.map(
      (r) =>
        `| ${r.label} | ${fmt(median(r.cpu), 3)} | ${signed(median(r.overCpu), 3)} | ${fmt(median(r.mb), 1)} | ${signed(median(r.overMb), 1)} | ${r.known} |`,
    ),
  ];
  const clock =
    run[0].clock === "bash"
      ? "CPU from bash's `time`, to the millisecond; memory from GNU time"
      : "GNU time";
  const what = `whole process (${clock}), medians of ${run[0].cpu.length} interleaved rounds; "over" is the median of each round's difference. Target for a count of n <= 14: +0.04 CPU s and +10 MB.`;
  return section("Start-up", run, what, table);
}

/** The join's peak memory, latest run: per n and threads, against its target. */
function memoryTable(rows) {
  const run = latestRun(rows);
  const table = [
    "| N | threads | peak MB | over node -e 0 | target MB | CPU s | wall s | counts known |",
    "|---|---|---|---|---|---|---|---|",
    ...run.map(
      (r) =>
        `| ${r.n} | ${r.workers} | ${fmt(median(r.mb), 0)} | ${r.baseMb === undefined ? "-" : signed(median(r.mb) - r.baseMb, 0)} | ${r.target ?? "-"} | ${fmt(median(r.cpu))} | ${fmt(median(r.wall))} | ${r.known} |`,
    ),
  ];
  const what = `whole process (GNU time), \`count N --workers K\`, median of ${run[0].mb.length} run(s).`;
  return section("The join's memory per N", run, what, table);
}

/** A CPU figure, or "> limit s" for a run that reached its limit (null). */
const cpuOr = (cpu, limit) => (cpu === null ? `> ${limit}` : fmt(cpu));
/** Seconds as a median or maximum may give them: Infinity is a run past its limit. */
const past = (x, limit) => (x === Number.POSITIVE_INFINITY ? `> ${limit}` : fmt(x));
/** The median of `xs`, runs past their limit (Infinity) included, sorted last. */
const medianAll = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  if (s.length === 0) return Number.NaN;
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

/** nqueens' CPU over the floor's, with < or > where one of them reached its limit. */
function floorRatio(r) {
  const q = r.nqueens;
  if (!q) return "-";
  const f = r.floor.cpu;
  if (q.answer !== null && f !== null) return fmt(q.cpu / Math.max(f, 0.01), 3);
  if (q.answer === null && f !== null) return `> ${fmt(q.cpu / Math.max(f, 0.01), 3)}`;
  // Stopped at a wall-clock limit: over the CPU it had used then (`cpuWhenStopped`, recorded
  // since 2026-12-07 06:25), else over the limit, a bound only when the floor had a core to
  // itself ("wall"). (The 06:01 row's `cpuAtLimit` of 0 is not read: GNU time did not see a
  // program that `timeout -s KILL` stopped outside the foreground.)
  if (q.answer !== null && f === null) {
    const at = r.floor.cpuWhenStopped;
    return at === undefined
      ? `< ${fmt(q.cpu / r.limits.floor, 3)} (wall)`
      : `< ${fmt(q.cpu / Math.max(at, 0.01), 3)}`;
  }
  return "-";
}

/** A CPU figure, or "> L" past the limit L, with the CPU used by then where recorded. */
const cpuOrStopped = (x, limit) =>
  x.cpu !== null
    ? fmt(x.cpu)
    : x.cpuWhenStopped === undefined
      ? `> ${limit}`
      : `> ${limit} wall (${fmt(x.cpuWhenStopped)} CPU)`;

/**
 * The latest of `rows` for each instance (n and seed), by n then seed. A row of the floor alone
 * (--floor-only: `nqueens` null) keeps nqueens' figure from the instance's latest row that has
 * one, and names its run (`nqueensRun`).
 */
function latestPerInstance(rows) {
  const last = new Map();
  for (const r of rows) {
    const key = `${r.n}/${r.seed}`;
    const before = last.get(key);
    const keep = r.nqueens === null && before?.nqueens;
    // CaDiCaL's figure too, when the floor's row has none (--no-cadical).
    const sat = keep && r.cadical === null && before.cadical;
    last.set(
      key,
      keep
        ? {
            ...r,
            answer: r.answer ?? before.answer,
            nqueens: before.nqueens,
            nqueensRun: before.nqueensRun ?? before.run,
            ...(sat
              ? { cadical: before.cadical, cadicalRun: before.cadicalRun ?? before.run }
              : {}),
            limits: {
              ...r.limits,
              nqueens: before.limits.nqueens,
              ...(sat ? { cadical: before.limits.cadical } : {}),
            },
          }
        : r,
    );
  }
  return [...last.values()].sort((a, b) => a.n - b.n || a.seed - b.seed);
}

/** Instances as n/seeds with runs of seeds joined: "22/1-5, 27/4, 27/10". */
function instanceList(rows) {
  const byN = new Map();
  for (const r of rows) byN.set(r.n, [...(byN.get(r.n) ?? []), r.seed]);
  return [...byN]
    .map(([n, seeds]) => {
      const spans = [];
      for (const s of seeds) {
        const last = spans.at(-1);
        if (last && s === last[1] + 1) last[1] = s;
        else spans.push([s, s]);
      }
      return spans.map(([a, b]) => (a === b ? `${n}/${a}` : `${n}/${a}-${b}`)).join(", ");
    })
    .join(", ");
}

/** A program's limit for a median or maximum past it: the least limit it reached among `rows`. */
const reached = (rows, timedOut, program) =>
  Math.min(...rows.filter(timedOut).map((r) => r.limits[program]));

/**
 * The floor benchmark: for each instance (n and seed), the row of the latest run that measured
 * it (so a rerun of a few instances replaces their rows and leaves the others), as one row per
 * instance and a summary per n. A run past its limit counts as slower than every decided one in
 * a median. Node's start-up beside nqueens' figure: `node -e 0`'s CPU measured just before it,
 * and nqueens' CPU after Node had started (in process), where the run recorded them.
 */
function floorTable(rows) {
  const shown = latestPerInstance(rows);
  const ns = [...new Set(shown.map((r) => r.n))];
  const runs = [...new Set(shown.flatMap((r) => [r.run, r.nqueensRun ?? r.run]))].sort();
  const runLines = runs.map((id) => {
    const run = rows.filter((r) => r.run === id); // in the order measured
    const m = run[0].machine;
    const l = run[0].limits;
    const whole = instanceList(shown.filter((r) => r.run === id && !r.nqueensRun));
    const part = (f) => instanceList(shown.filter(f));
    const floorSat = part((r) => r.run === id && r.nqueensRun && !r.cadicalRun);
    const floor = part((r) => r.run === id && r.nqueensRun && r.cadicalRun);
    const oursSat = part((r) => r.nqueensRun === id && r.cadicalRun === id);
    const ours = part((r) => r.nqueensRun === id && r.cadicalRun !== id);
    const which = [
      whole,
      floorSat && `${floorSat} (the floor and CaDiCaL)`,
      floor && `${floor} (the floor)`,
      oursSat && `${oursSat} (nqueens and CaDiCaL)`,
      ours && `${ours} (nqueens)`,
    ]
      .filter(Boolean)
      .join(", ");
    return `- ${which}: run ${id} on ${m.cpu}, ${m.cores} cores, Node ${m.node}; load average ${fmt(run[0].load.start)} at the start and ${fmt(run.at(-1).load.end)} at the end; limits ${run.every((r) => r.nqueens === null) ? "nqueens not run" : `${l.nqueens} s (nqueens)`}, ${l.floor} s (floor), ${l.cadical === null ? "CaDiCaL not run" : `${l.cadical} s (CaDiCaL)`}. Command: \`${run[0].command}\`.`;
  });
  const perInstance = [
    "| instance | answer | nqueens CPU s | after Node's start | node -e 0 | nqueens wall s | floor CPU s | nqueens / floor | CaDiCaL CPU s | CaDiCaL says |",
    "|---|---|---|---|---|---|---|---|---|---|",
    ...shown.map((r) => {
      const q = r.nqueens;
      const c = r.cadical;
      const opt = (x) => (x === undefined || x === null ? "-" : fmt(x));
      return `| ${r.n}/${r.seed} | ${r.answer ?? "?"} | ${q ? cpuOr(q.answer === null ? null : q.cpu, r.limits.nqueens) : "-"} | ${opt(q?.afterStart)} | ${opt(q?.nodeStart)} | ${q ? fmt(q.wall) : "-"} | ${cpuOrStopped(r.floor, r.limits.floor)} | ${floorRatio(r)} | ${c ? cpuOrStopped(c, r.limits.cadical) : "-"} | ${c?.answer ?? "-"} |`;
    }),
  ];
  const perN = [
    "| n | nqueens decided | nqueens CPU s, median | max | nqueens wall s, median | max | floor decided | floor CPU s, median | CaDiCaL decided | CaDiCaL CPU s, median |",
    "|---|---|---|---|---|---|---|---|---|---|",
    ...ns.map((n) => {
      const at = shown.filter((r) => r.n === n);
      const inf = Number.POSITIVE_INFINITY;
      const q = at.filter((r) => r.nqueens);
      const qOut = (r) => r.nqueens.answer === null;
      const qCpu = q.map((r) => (qOut(r) ? inf : r.nqueens.cpu));
      const qWall = q.map((r) => (qOut(r) ? inf : r.nqueens.wall));
      const qLim = reached(q, qOut, "nqueens");
      const decided = (xs) => xs.filter((x) => x !== inf).length;
      const fCpu = at.map((r) => r.floor.cpu ?? inf);
      const fLim = reached(at, (r) => r.floor.cpu === null, "floor");
      const c = at.filter((r) => r.cadical);
      const cCpu = c.map((r) => r.cadical.cpu ?? inf);
      const cLim = reached(c, (r) => r.cadical.cpu === null, "cadical");
      const cells = [
        n,
        q.length ? `${decided(qCpu)} of ${q.length}` : "-",
        past(medianAll(qCpu), qLim),
        q.length ? past(Math.max(...qCpu), qLim) : "-",
        past(medianAll(qWall), qLim),
        q.length ? past(Math.max(...qWall), qLim) : "-",
        `${decided(fCpu)} of ${at.length}`,
        past(medianAll(fCpu), fLim),
        c.length ? `${decided(cCpu)} of ${c.length}` : "-",
        past(medianAll(cCpu), cLim),
      ];
      return `| ${cells.join(" | ")} |`;
    }),
  ];
  return [
    "## Hard completions: nqueens against the floor and CaDiCaL",
    "",
    "Excluded Diagonals instances (`nqueens generate diagonals N --seed S`, d = round(0.9 n)):",
    "`nqueens complete -q FILE` (every core from n = 22, after a short probe on one thread), the",
    "floor `../shared/bench/ed-dfs.c` (plain backtracking, one thread) and CaDiCaL (`cadical -q`",
    "on a CNF the benchmark writes itself, one thread); CPU seconds are user + sys of the process",
    "and its threads (GNU time), wall seconds nqueens' own. `> L` reached its limit L, a limit on",
    "the wall clock: on a loaded machine a program gets less CPU than that, so newer rows give the",
    "CPU it had used when stopped (`> L wall (C CPU)`) and the ratio over it; `< x (wall)`, an",
    "older row's ratio over the limit, is a bound only where the floor had a core to itself (under",
    "load average 15 to 20 it had about a fifth of one). Every",
    "answer is checked against the others' and every yes board of nqueens' against the instance. Node's",
    'start-up is in every nqueens figure: "node -e 0" is its CPU measured just before nqueens, and',
    "\"after Node's start\" nqueens' own CPU after Node had started, read in process (its modules,",
    "search, threads and output); the floor's figure is its compiled search alone. For each",
    "instance, the latest run that measured it:",
    "",
    ...runLines,
    "",
    ...perN,
    "",
    ...perInstance,
    "",
  ].join("\n");
}

/** CPU seconds: one place below 100, whole with thousands' commas above. */
const cpuS = (x) => (x < 100 ? fmt(x, 1) : thousands(Math.round(x)));

/** Seconds on two cores (CPU / 2) as minutes, hours or days. */
function onTwoCores(cpu) {
  const s = cpu / 2;
  if (s < 60) return `${fmt(s, 1)} s`;
  if (s < 3600) return `${fmt(s / 60, 1)} min`;
  if (s < 2 * 86400) return `${fmt(s / 3600, 1)} h`;
  return `${fmt(s / 86400, 2)} days`;
}

/**
 * The join's projections for large N (scripts/join-sample.mjs): for each N and each way it was
 * checked (none, a whole count before the sample, one interleaved with it, a figure given), the
 * latest row: the projected CPU, its 95% interval, on two cores, the projected count against the
 * known one, and the measured whole count beside it where there is one.
 */
function projectionTable(rows) {
  const key = (r) => `${r.n}/${r.check ?? "-"}`;
  const latest = new Map();
  for (const r of rows) latest.set(key(r), r);
  const shown = [...latest.values()].sort((a, b) => a.n - b.n || key(a).localeCompare(key(b)));
  const checked = {
    whole: "whole count before",
    interleave: "whole count interleaved",
    given: "given",
  };
  const table = [
    "| N | items | sampled | CPU s projected | 95% interval | on 2 cores | interval on 2 cores | total projected | against known | measured CPU s | checked by | projected / measured | load |",
    "|---|---|---|---|---|---|---|---|---|---|---|---|---|",
    ...shown.map((r) => {
      const [low, high] = r.intervalCpuS;
      const cells = [
        r.n,
        thousands(r.items),
        `${r.groups} x ${r.perGroup}`,
        cpuS(r.projectedCpuS),
        `${cpuS(low)} to ${cpuS(high)}`,
        onTwoCores(r.projectedCpuS),
        `${onTwoCores(low)} to ${onTwoCores(high)}`,
        Number(r.projectedTotal).toExponential(4),
        r.totalError === null ? "-" : `${signed(100 * r.totalError, 2)}%`,
        r.measured ? fmt(r.measured.cpu, 1) : "-",
        r.check ? checked[r.check] : "-",
        r.error === null ? "-" : fmt(r.error, 3),
        `${fmt(r.load.start, 1)} to ${fmt(r.load.end, 1)}`,
      ];
      return `| ${cells.join(" | ")} |`;
    }),
  ];
  const runLines = shown.map((r) => {
    const m = r.machine;
    const how = r.measured?.how
      ? `; measured ${r.measured.how}, load ${r.measured.load ? `${fmt(r.measured.load.start)} to ${fmt(r.measured.load.end)}` : "not recorded"}`
      : "";
    return `- N = ${r.n}${r.check ? ` (${checked[r.check]})` : ""}: run ${r.run} on ${m.cpu}, ${m.cores} cores, Node ${m.node}${how}. Command: \`${r.command}\`.`;
  });
  return [
    "## Projections for large N",
    "",
    "A share of the join count of N, counted as a real count counts its tasks (`node",
    "scripts/join-sample.mjs N PER`: after a warm-up, G groups of PER items, each spread over the",
    "whole split by a stride from a random start, counted ascending on one warm kernel), and the",
    "whole count's CPU seconds on one thread projected from it: the start, the set-up and the",
    "warm-up's excess, plus the items' CPU from the groups (the mean of each group's sum times the",
    "stride), its 95% interval from the groups' spread (Student's t). On 2 cores: CPU / 2 (the",
    "tasks are independent). The count is projected the same way, against the known total: how",
    "fair the sample is. Where N is small enough, a whole count on one thread checks it: run",
    "before the sample (GNU time), or in the same process with the sample's groups among its",
    "tasks, so that both see the same load. CPU seconds grow with the machine's load (its caches",
    "are shared): read the load beside each row. For each N and way of checking, the latest row:",
    "",
    ...table,
    "",
    ...runLines,
    "",
  ].join("\n");
}

/**
 * The certificates benchmark (scripts/bench-certify.mjs): each instance's latest row, with the
 * runs they come from. A figure past the limit is "> limit"; certify / decide is the ratio of
 * their CPU seconds; MB/s is the certificate's size over the check's CPU seconds (from 1 MB).
 */
function certificateTable(rows) {
  const latest = new Map();
  for (const r of rows) latest.set(`${r.n}/${r.seed}`, r);
  const shown = [...latest.values()].sort((a, b) => a.n - b.n || a.seed - b.seed);
  const runs = [...new Set(shown.map((r) => r.run))].sort();
  const runLines = runs.map((id) => {
    const run = shown.filter((r) => r.run === id);
    const m = run[0].machine;
    const names = run.map((r) => `${r.n}/${r.seed}`).join(", ");
    return `- ${names}: run ${id} on ${m.cpu}, ${m.cores} cores, Node ${m.node}; load average ${fmt(run[0].load.start)} at the start and ${fmt(run.at(-1).load.end)} at the end; limit ${run[0].limit} s a command. Command: \`${run[0].command}\`.`;
  });
  const cpu = (t, limit) => (!t ? "-" : cpuOr(t.cpu, limit));
  const table = [
    "| instance | answer | certificate bytes | decide CPU s | certify CPU s | certify / decide | certify wall s | check CPU s | check wall s | MB/s checked | accepted | load |",
    "|---|---|---|---|---|---|---|---|---|---|---|---|",
    ...shown.map((r) => {
      const ratio =
        r.decide?.cpu && r.certify.cpu !== null ? fmt(r.certify.cpu / r.decide.cpu) : "-";
      // A rate only where there is something to read (a megabyte or more): start-up is the rest.
      const mbs =
        r.bytes >= 1e6 && r.check?.cpu ? fmt(r.bytes / 1e6 / Math.max(r.check.cpu, 0.01)) : "-";
      const cells = [
        `${r.n}/${r.seed}`,
        r.answer ?? "?",
        r.bytes === null ? "-" : thousands(r.bytes),
        cpu(r.decide, r.limit),
        cpu(r.certify, r.limit),
        ratio,
        fmt(r.certify.wall),
        cpu(r.check, r.limit),
        r.check ? fmt(r.check.wall) : "-",
        mbs,
        r.accepted ? "yes" : "no",
        `${fmt(r.load.start)} to ${fmt(r.load.end)}`,
      ];
      return `| ${cells.join(" | ")} |`;
    }),
  ];
  return [
    "## Certificates: every answer written and checked",
    "",
    "Excluded Diagonals instances (`nqueens generate diagonals N --seed S`, d = round(0.9 n)),",
    "one at a time: the decision alone (`nqueens complete -q FILE`), the certificate",
    "(`nqueens complete -q FILE --certificate OUT`) and its check by the independent checker",
    "(`nqueens check-certificate -q FILE OUT`), each a process; CPU seconds are user + sys (GNU",
    "time). `accepted`: the checker's verdict, valid and the same answer. For each instance, its",
    "latest row:",
    "",
    ...runLines,
    "",
    ...table,
    "",
  ].join("\n");
}

const RENDER = {
  count: countTable,
  startup: startupTable,
  memory: memoryTable,
  floor: floorTable,
  projection: projectionTable,
  certificate: certificateTable,
};

/** The document from the results. */
export function render(results) {
  const parts = [
    "# Benchmarks",
    "",
    "Written by `node scripts/benchmarks.mjs` from the raw results in",
    "[bench/results.jsonl](bench/results.jsonl) (one JSON line per measured row: the benchmark,",
    "its run, the command, the machine, the load, every sample), which the benchmark scripts",
    "append to; do not edit by hand. Each table is its benchmark's latest run. Machines here are",
    "shared: read the load beside each table, and compare within a table, not across runs.",
    "",
    "How to reproduce: `npm run bench` (N = 16..20, both methods and `../shared/bench/baseline.c`",
    "side by side, every count checked against the known counts), or a range:",
    "`npm run bench -- 12 17 --runs 3 --no-io --no-startup`. It appends its rows to",
    "bench/results.jsonl and writes this file again (`--no-record` leaves both alone).",
    "`npm run bench -- --startup-only` measures the start-up alone (`node -e 0`, `--version`,",
    "`--help`, `count 8`, `12`, `14`), with `--memory` also the join's peak memory at n = 19 and 20.",
    "",
    "What each method is and why it is fast: [docs/counting.md](docs/counting.md). Earlier",
    "measurements, and what was tried and dropped, with their commands:",
    "[the benchmark history](docs/notes/2026-12-06-benchmark-history.md),",
    "[start-up and memory](docs/notes/2026-12-07-startup-and-memory.md).",
    "",
  ];
  const kinds = [...new Set(results.map((r) => r.bench))];
  if (kinds.length === 0) parts.push("No results yet.", "");
  for (const kind of kinds) {
    const rows = results.filter((r) => r.bench === kind);
    const draw = RENDER[kind];
    parts.push(draw ? draw(rows) : `## ${kind}\n\n(no table for this benchmark yet)\n`);
  }
  return `${parts.join("\n").trimEnd()}\n`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  let text;
  try {
    text = render(readResults());
  } catch (e) {
    process.stderr.write(`benchmarks: ${e instanceof Error ? e.message : e}\n`);
    process.exit(1);
  }
  if (process.argv.includes("--check")) {
    const now = existsSync(DOC) ? readFileSync(DOC, "utf8") : "";
    if (now !== text) {
      process.stderr.write(
        "benchmarks: BENCHMARKS.md is not what bench/results.jsonl gives: run node scripts/benchmarks.mjs\n",
      );
      process.exit(1);
    }
    process.stdout.write("benchmarks: BENCHMARKS.md matches bench/results.jsonl\n");
  } else {
    writeFileSync(DOC, text);
    process.stdout.write("benchmarks: BENCHMARKS.md written\n");
  }
}
