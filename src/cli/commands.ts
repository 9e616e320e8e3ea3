/** The list of commands the program offers; each file under cli/ registers one. */
import type { Command } from "commander";
import { registerAoj } from "./aoj.js";
import { registerCheck } from "./check.js";
import { registerCompare } from "./compare.js";
import { registerComplete } from "./complete.js";
import { registerCount } from "./count.js";
import { registerGenerate } from "./generate.js";
import { registerJudge } from "./judge.js";
import { registerList } from "./list.js";
import { registerRuns } from "./runs.js";
import { registerCompletion } from "./shell-completion.js";
import { registerSolve } from "./solve.js";
import { registerTrace } from "./trace.js";
import { registerWeb } from "./web.js";
import { registerWorker } from "./worker.js";
import { registerWorkerKey } from "./worker-key.js";

/** Adds one command to the program; `exit` records the command's exit status. */
export type Register = (program: Command, exit: (code: number) => void) => void;

export const commands: Register[] = [
  registerSolve,
  registerList,
  registerCount,
  registerComplete,
  registerCheck,
  registerGenerate,
  registerAoj,
  registerJudge,
  registerTrace,
  registerCompare,
  registerWeb,
  registerWorker,
  registerWorkerKey,
  registerRuns,
  registerCompletion,
];
