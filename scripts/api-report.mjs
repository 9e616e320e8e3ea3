// The public API, written down: builds the declarations (tsconfig.api.json -> .api/dts) and runs
// API Extractor over each entry point (nqueens, nqueens/gpu in Node and in a browser, nqueens/queue), comparing them with
// the reports checked in under etc/. A change to any exported signature fails `npm run check`
// until the report is updated on purpose with `npm run api` and the diff is reviewed.
// Usage: node scripts/api-report.mjs [--update]
import { spawnSync } from "node:child_process";
import { rmSync } from "node:fs";
import { Extractor, ExtractorConfig } from "@microsoft/api-extractor";

const update = process.argv.includes("--update");
const CONFIGS = [
  "api-extractor.json",
  "api-extractor.gpu.json",
  "api-extractor.gpu-browser.json",
  "api-extractor.queue.json",
];

rmSync(".api", { recursive: true, force: true });
const tsc = spawnSync(
  process.execPath,
  ["node_modules/typescript/bin/tsc", "-p", "tsconfig.api.json"],
  {
    stdio: "inherit",
  },
);
if (tsc.status !== 0) process.exit(tsc.status ?? 1);

let failed = false;
for (const file of CONFIGS) {
  const config = ExtractorConfig.loadFileAndPrepare(file);
  const result = Extractor.invoke(config, {
    localBuild: update,
    showVerboseMessages: false,
    messageCallback(message) {
      // The report's own "changed" and "created" notices are said below, in one line each;
      // what is not a warning or an error stays quiet.
      const notice = /^console-api-report-(changed|created)$/.test(message.messageId);
      if (notice || (message.logLevel !== "error" && message.logLevel !== "warning")) {
        message.handled = true;
      }
    },
  });
  if (result.apiReportChanged && !update) {
    failed = true;
    console.error(
      `api-report: the public API of ${config.reportFilePath.replace(`${process.cwd()}/`, "")} changed; ` +
        `diff it against ${config.reportTempFilePath.replace(`${process.cwd()}/`, "")}, then run \`npm run api\` if the change is meant`,
    );
  } else if (!result.succeeded) {
    failed = true;
    console.error(
      `api-report: ${file}: ${result.errorCount} errors, ${result.warningCount} warnings`,
    );
  }
}
if (failed) process.exit(1);
console.log(
  update ? "api-report: etc/*.api.md written" : "api-report: the public API matches etc/*.api.md",
);
