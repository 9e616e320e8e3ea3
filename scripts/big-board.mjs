// A big partial board for timing `nqueens complete` (README, "What sizes are practical"): n rows
// with k random queens, none attacking another (the published generator's rule: a random row and
// column, kept when no queen holds its row, column or either diagonal), seeded; printed as
// "n N" and one "row col" line per queen (the lines format). `nqueens generate completion`
// stops at n = 10,000; this goes to the completion limit, 1,000,000.
//
//   npm run build && node scripts/big-board.mjs N K [SEED] > board.txt
//   /usr/bin/time -f "%e s %U+%S cpu %M KB" node bin/nqueens.js complete -q board.txt > /dev/null
const [n, k, seed = 1] = process.argv.slice(2).map(Number);
if (
  !(Number.isInteger(n) && n >= 1 && n <= 1_000_000 && Number.isInteger(k) && k >= 0 && k <= n / 4)
) {
  console.error(
    "usage: node scripts/big-board.mjs N K [SEED]   (1 <= N <= 1000000, 0 <= K <= N/4)",
  );
  process.exit(2);
}
// The project's seeded generator (src/random.ts; the script runs after a build, as its usage says).
const { mulberry32 } = await import("../dist/random.js");
const rng = mulberry32(seed);
const rows = new Uint8Array(n);
const cols = new Uint8Array(n);
const diag = new Uint8Array(2 * n);
const anti = new Uint8Array(2 * n);
const lines = [`n ${n}`];
while (lines.length <= k) {
  const r = Math.floor(rng() * n);
  const c = Math.floor(rng() * n);
  if (rows[r] || cols[c] || diag[r - c + n] || anti[r + c]) continue;
  rows[r] = 1;
  cols[c] = 1;
  diag[r - c + n] = 1;
  anti[r + c] = 1;
  lines.push(`${r} ${c}`);
}
process.stdout.write(`${lines.join("\n")}\n`);
