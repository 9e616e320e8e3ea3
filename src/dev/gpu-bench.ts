/**
 * One GPU count as a JSON line, for scripts/gpu-bench.sh (run built: `node dist/dev/gpu-bench.js
 * N [lanes=...] [wg=...] [levels=...] [target=...] [tail=...] [rows=...] [robust=1]`). Not part of the library: a
 * program, so it prints and sets the exit code. `wallSeconds` is the whole process so far, start-up
 * included, as `nqueens count N --backend gpu` would take.
 */
import { existsSync, readFileSync } from "node:fs";
import { countGpu } from "../gpu/index.js";

/** The known total for n from shared/data/known-counts.json when it is at hand (null if not). */
function knownTotal(n: number): string | null {
  const files = [
    "../shared/data/known-counts.json",
    "shared/data/known-counts.json",
    ".gpu/known-counts.json",
  ];
  for (const f of files) {
    if (!existsSync(f)) continue;
    const data = JSON.parse(readFileSync(f, "utf8")) as { counts: { n: number; total: string }[] };
    return data.counts.find((c) => c.n === n)?.total ?? null;
  }
  return null;
}

const [nArg, ...rest] = process.argv.slice(2);
const opt = Object.fromEntries(rest.map((a) => a.split("=", 2) as [string, string]));
const num = (k: string) => (opt[k] === undefined ? undefined : Number(opt[k]));

try {
  const r = await countGpu(Number(nArg), {
    lanes: num("lanes"),
    workgroupSize: num("wg"),
    levels: num("levels"),
    targetDispatchSeconds: num("target"),
    tailDispatchSeconds: num("tail"),
    stackRows: num("rows"),
    robust: opt.robust === "1",
  });
  const known = knownTotal(r.n);
  console.log(
    JSON.stringify({
      n: r.n,
      total: String(r.total),
      unique: String(r.unique),
      kernelSeconds: Number(r.kernelSeconds.toFixed(3)),
      countSeconds: Number(r.seconds.toFixed(3)),
      wallSeconds: Number(process.uptime().toFixed(3)),
      adapter: r.adapter,
      lanes: r.lanes,
      workgroupSize: r.workgroupSize,
      levels: r.levels,
      dispatches: r.dispatches,
      donations: r.donations,
      knownTotal: known === null ? null : known === String(r.total),
    }),
  );
} catch (e) {
  console.log(
    JSON.stringify({ n: Number(nArg), error: e instanceof Error ? e.message : String(e) }),
  );
  process.exitCode = 1;
}
