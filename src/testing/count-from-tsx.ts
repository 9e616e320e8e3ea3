// Test support (thread-flags.test.ts): counts n = 14 on two threads from a .ts file run by tsx,
// through the built package.
import { count } from "nqueens";

const r = await count(14, { workers: 2 });
console.log(`total ${r.total}`);
