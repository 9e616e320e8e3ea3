// npm run bench:certify: certificates of Excluded Diagonals instances (`nqueens generate
// diagonals N --seed S`, d = round(0.9 n)), written and checked. Per instance, one at a time:
// the decision alone (`nqueens complete -q FILE`, unless --no-decide), the certificate
// (`nqueens complete -q FILE --certificate OUT`) and its check (`nqueens check-certificate -q
// FILE OUT`), each a process under GNU time (CPU seconds: user + sys; wall seconds), the
// certificate's size in bytes, and whether the checker accepted it. The certificate is deleted
// once checked (they reach hundreds of megabytes). A certificate refused, an answer that differs
// between the decision and the certificate, or a run past its limit fails the run (exit 1).
//
// Each instance's row is appended to bench/results.jsonl as it is measured (bench
// "certificate"), and BENCHMARKS.md is written again at the end (scripts/benchmarks.mjs);
// --no-record leaves both.
//
//   node scripts/bench-certify.mjs --only 22/2,23/2,23/3     the instances named (n/seed)
//   node scripts/bench-certify.mjs --n 22-23 --seeds 1-5     a range
//   options: --limit S (each command's limit, default 900)  --no-decide  --no-record
//            --dir DIR (where the certificates are written, default a temporary folder)
// Build first (npm run bench:certify does): it runs bin/nqueens.js.
import { spawnSync } from "node:child_process";
import { appendFileSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { availableParallelism, cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { timed } from "./timed-run.mjs";

const root = fileURLToPath(new URL("../", import.meta.url));
const bin = join(root, "bin/nqueens.js");

function args() {
  const a = process.argv.slice(2);
  const get = (name, fallback) => {
    const i = a.indexOf(name);
    return i >= 0 ? a[i + 1] : fallback;
  };
  const range = (text) => {
    const [lo, hi] = text.split("-").map(Number);
    return Array.from({ length: (hi ?? lo) - lo + 1 }, (_, k) => lo + k);
  };
  const only = get("--only");
  const set = only
    ? only.split(",").map((p) => p.split("/").map(Number))
    : range(get("--n", "22")).flatMap((n) => range(get("--seeds", "1-5")).map((s) => [n, s]));
  return {
    set,
    limit: Number(get("--limit", "900")),
    decide: !a.includes("--no-decide"),
    record: !a.includes("--no-record"),
    dir: get("--dir"),
  };
}

/** yes (exit 0) or no (exit 1) from `nqueens complete`, or null (a limit, an error). */
const answerOf = (run) =>
  run.timedOut ? null : run.status === 0 ? "yes" : run.status === 1 ? "no" : null;

const r2 = (x) => Number(x.toFixed(2));

async function main() {
  const opt = args();
  const dir = opt.dir ?? mkdtempSync(join(tmpdir(), "nqueens-certify-"));
  mkdirSync(dir, { recursive: true });
  const model = cpus()[0]?.model.trim() ?? "unknown CPU";
  const machine = { cpu: model, cores: availableParallelism(), node: process.version };
  const runId = new Date().toISOString();
  const command = `node scripts/bench-certify.mjs ${process.argv.slice(2).join(" ")}`.trim();
  const [l1, l5] = loadavg();
  console.log(
    `bench:certify: ${machine.cores} cores (${model}), Node ${process.version}, load average ${l1.toFixed(2)} (1 min) ${l5.toFixed(2)} (5 min) at the start; limit ${opt.limit} s a command; CPU seconds (user + sys)`,
  );
  console.log(
    "\n| instance | answer | decide CPU | certify CPU | certify wall | bytes | check CPU | check wall | MB/s checked | accepted | load |",
  );
  console.log("|---|---|---|---|---|---|---|---|---|---|---|");
  let failures = 0;
  const fail = (text) => {
    failures++;
    console.log(text);
  };
  try {
    for (const [n, seed] of opt.set) {
      const loadStart = loadavg()[0];
      const file = join(dir, `ed-${n}-${seed}.param`);
      const cert = join(dir, `ed-${n}-${seed}.cert`);
      const gen = spawnSync(
        process.execPath,
        [bin, "generate", "diagonals", String(n), "--seed", String(seed), "--format", "csplib"],
        { encoding: "utf8" },
      );
      if (gen.status !== 0) throw new Error(`generate failed: ${gen.stderr}`);
      writeFileSync(file, gen.stdout);
      const decide = opt.decide
        ? await timed([process.execPath, bin, "complete", "-q", file], opt.limit)
        : undefined;
      const made = await timed(
        [process.execPath, bin, "complete", "-q", file, "--certificate", cert],
        opt.limit,
      );
      const answer = answerOf(made);
      const named = `n = ${n} seed ${seed}`;
      let bytes = null;
      let check;
      if (answer !== null) {
        bytes = statSync(cert).size;
        check = await timed(
          [process.execPath, bin, "check-certificate", "-q", "--json", file, cert],
          opt.limit,
        );
        rmSync(cert, { force: true });
      }
      const verdict = check && !check.timedOut ? JSON.parse(check.stdout) : undefined;
      const accepted = verdict?.valid === true && verdict.answer === answer;
      if (answer === null) fail(`NO CERTIFICATE for ${named}: ${made.stderr.slice(-300)}`);
      else if (!accepted) fail(`REFUSED on ${named}: ${check.stdout}${check.stderr.slice(-300)}`);
      if (decide && answer !== null && answerOf(decide) !== answer) {
        fail(`DISAGREEMENT on ${named}: decided ${answerOf(decide)}, certified ${answer}`);
      }
      const loadEnd = loadavg()[0];
      const s = (run) => (run ? (run.timedOut ? `> ${opt.limit}` : run.cpu.toFixed(2)) : "-");
      const mbs =
        check && bytes !== null ? (bytes / 1e6 / Math.max(check.cpu, 0.01)).toFixed(2) : "-";
      console.log(
        `| ${n}/${seed} | ${answer ?? "?"} | ${s(decide)} | ${s(made)} | ${made.wall.toFixed(2)} | ${bytes ?? "-"} | ${s(check)} | ${check ? check.wall.toFixed(2) : "-"} | ${mbs} | ${accepted} | ${loadStart.toFixed(2)} to ${loadEnd.toFixed(2)} |`,
      );
      const row = {
        bench: "certificate",
        run: runId,
        command,
        machine,
        load: { start: r2(loadStart), end: r2(loadEnd) },
        n,
        seed,
        answer,
        bytes,
        decide: decide
          ? { cpu: decide.timedOut ? null : r2(decide.cpu), wall: r2(decide.wall) }
          : null,
        certify: { cpu: made.timedOut ? null : r2(made.cpu), wall: r2(made.wall) },
        check: check ? { cpu: check.timedOut ? null : r2(check.cpu), wall: r2(check.wall) } : null,
        accepted,
        limit: opt.limit,
      };
      if (opt.record) {
        mkdirSync(join(root, "bench"), { recursive: true });
        appendFileSync(join(root, "bench", "results.jsonl"), `${JSON.stringify(row)}\n`);
      }
    }
  } finally {
    if (!opt.dir) rmSync(dir, { recursive: true, force: true });
  }
  if (opt.record && opt.set.length > 0)
    spawnSync(process.execPath, [join(root, "scripts", "benchmarks.mjs")], { stdio: "inherit" });
  if (failures > 0) {
    console.log(`${failures} failure(s): a certificate missing or refused, or answers that differ`);
    process.exitCode = 1;
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
