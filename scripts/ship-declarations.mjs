// After tsc: the hand-written declarations the published types need, which tsc does not emit.
// src/queue/redis-errors.d.ts declares a package ioredis names in its own declarations without
// types (from ioredis 6.1): copied beside dist/queue/index.d.ts and referenced from it, so that
// a strict consumer of nqueens/queue type-checks without skipLibCheck (scripts/check-package.mjs
// checks it with the newest and the oldest peers in range).
// Usage: node scripts/ship-declarations.mjs   (run by `npm run build`)
import { copyFileSync, readFileSync, writeFileSync } from "node:fs";

const src = new URL("../src/queue/redis-errors.d.ts", import.meta.url);
const dist = new URL("../dist/queue/", import.meta.url);
copyFileSync(src, new URL("redis-errors.d.ts", dist));
const entry = new URL("index.d.ts", dist);
const reference = '/// <reference path="./redis-errors.d.ts" />\n';
const text = readFileSync(entry, "utf8");
if (!text.startsWith(reference)) writeFileSync(entry, reference + text);
