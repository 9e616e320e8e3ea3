/**
 * ioredis (from 6.1) names the package redis-errors in its declarations, and neither ships
 * types for it: a strict TypeScript user of `nqueens/queue` without skipLibCheck would get
 * TS7016 inside ioredis. Declared here (its classes are errors; any is what ioredis's own
 * build sees), and referenced from the queue's entry so that it travels with the declarations.
 */
declare module "redis-errors";
