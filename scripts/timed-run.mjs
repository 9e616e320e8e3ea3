// For the benchmark scripts: one command run under GNU time and `timeout`, its CPU seconds
// whether it ends or is stopped at its limit.
import { spawn } from "node:child_process";

/**
 * Runs `command` under /usr/bin/time and `timeout LIMIT`: its CPU seconds (user + sys of the
 * command, its threads and its children), wall seconds, exit status, stdout and stderr, and
 * whether it reached the limit (then `cpu` is what it had used by then).
 */
export function timed(command, limit) {
  return new Promise((resolve, reject) => {
    const t0 = process.hrtime.bigint();
    const child = spawn("/usr/bin/time", [
      "-f",
      "cpu %U %S",
      "timeout",
      // In the foreground: timeout kills its program alone and waits for it, so that GNU time
      // sees the CPU it had used (without it timeout dies with the program and time says 0).
      "--foreground",
      "-s",
      "KILL",
      String(limit),
      ...command,
    ]);
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (d) => {
      stdout += d;
    });
    child.stderr.setEncoding("utf8").on("data", (d) => {
      stderr += d;
    });
    child.on("error", reject);
    child.on("close", () => {
      const wall = Number(process.hrtime.bigint() - t0) / 1e9;
      const m = /cpu ([\d.]+) ([\d.]+)\s*$/.exec(stderr);
      if (!m) return reject(new Error(`no timing from /usr/bin/time: ${stderr.slice(-400)}`));
      const timedOut = /Command terminated by signal 9|non-zero status 137/.test(stderr);
      const status = /non-zero status (\d+)/.exec(stderr);
      const cpu = Number(m[1]) + Number(m[2]);
      resolve({ cpu, wall, timedOut, status: status ? Number(status[1]) : 0, stdout, stderr });
    });
  });
}
