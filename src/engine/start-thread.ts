/**
 * Starting a counting thread (worker_threads), apart from threads.ts so that a count on the
 * calling thread never loads it.
 */
import { type ResourceLimits, Worker } from "node:worker_threads";
import { threadExecArgv } from "./thread-flags.js";

/**
 * Starts a thread on a module beside the caller: the built `.js`, or, when the caller runs from
 * source under tsx (tests), the `.ts` through a bootstrap that registers tsx in the thread first
 * (an `--import tsx` in the worker's execArgv does not reach its entry module on Node 20). The
 * thread inherits only the flags that make sense in a thread (thread-flags.ts), so counting works
 * from `node -e`, `--input-type=module`, the REPL, tsx and test runners. `resourceLimits`: the
 * thread's V8 heap limits (Node's defaults without).
 * @example startThread(new URL("./constellations/thread.js", import.meta.url))
 */
export function startThread(module: URL, resourceLimits?: ResourceLimits): Worker {
  const execArgv = threadExecArgv(); // not the caller's --input-type, -e, --test, loaders ...
  const source = module.href.replace(/\.js$/, ".ts");
  if (!import.meta.url.endsWith(".ts")) return new Worker(module, { execArgv, resourceLimits });
  const api = import.meta.resolve("tsx/esm/api");
  const code = `import(${JSON.stringify(api)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(source)}); });`;
  return new Worker(code, { eval: true, execArgv, resourceLimits });
}
