// Test support (thread-flags.test.ts): counts n = 14 on two threads from a .ts file run by tsx,
// through the built package (by the constellation search, which runs n = 14 on threads).
import { count } from "nqueens";

const r = await count(14, { workers: 2, method: "constellations" });
console.log(`total ${r.total}`);
