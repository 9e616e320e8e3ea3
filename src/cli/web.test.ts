// Runs the BUILT command (bin/nqueens.js -> dist/): build first with `npx tsc -p .` (npm test does).
import assert from "node:assert/strict";
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const BIN = `${ROOT}bin/nqueens.js`;

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function start(args: string[]): { child: ChildProcess; done: Promise<Run>; out: () => string } {
  const child = spawn(process.execPath, [BIN, ...args], { cwd: ROOT });
  let stdout = "";
  let stderr = "";
  child.stdout!.setEncoding("utf8").on("data", (d: string) => (stdout += d));
  child.stderr!.setEncoding("utf8").on("data", (d: string) => (stderr += d));
  const done = new Promise<Run>((resolve, reject) => {
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
  return { child, done, out: () => stdout };
}

/** Waits until the server prints its address. */
async function address(out: () => string): Promise<string> {
  for (let i = 0; i < 200; i++) {
    const m = /http:\/\/127\.0\.0\.1:\d+\//.exec(out());
    if (m) return m[0];
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`no address printed: ${out()}`);
}

let dir = "";
before(() => {
  assert.ok(existsSync(`${ROOT}dist/cli/web.js`), "build first: npx tsc -p .");
  dir = mkdtempSync(join(tmpdir(), "nqueens-web-"));
  mkdirSync(join(dir, "assets"));
  writeFileSync(join(dir, "index.html"), "<!doctype html><title>N-Queens</title>");
  writeFileSync(join(dir, "assets", "app-1234.js"), "console.log(1);");
});
after(() => rmSync(dir, { recursive: true, force: true }));

describe("nqueens web", () => {
  test("serves the folder on 127.0.0.1, prints the address and stops on SIGINT", async () => {
    const run = start(["web", "--port", "0", "--dir", dir]);
    try {
      const url = await address(run.out);
      const page = await fetch(url);
      assert.equal(page.status, 200);
      assert.match(page.headers.get("content-type") ?? "", /^text\/html/);
      assert.match(await page.text(), /N-Queens/);
      const js = await fetch(`${url}assets/app-1234.js`);
      assert.equal(js.status, 200);
      assert.match(js.headers.get("content-type") ?? "", /^text\/javascript/);
      assert.equal((await fetch(`${url}missing.js`)).status, 404);
      assert.equal((await fetch(`${url}..%2f..%2fpackage.json`)).status, 404);
      assert.equal((await fetch(url, { method: "POST" })).status, 405);
    } finally {
      run.child.kill("SIGINT");
    }
    const r = await run.done;
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /Stopped/);
  });

  test("a port in use is a one-line error, exit 2", async () => {
    const blocker = createServer();
    await new Promise<void>((r) => blocker.listen(0, "127.0.0.1", r));
    const port = (blocker.address() as { port: number }).port;
    try {
      const r = await start(["web", "--port", String(port), "--dir", dir]).done;
      assert.equal(r.code, 2);
      assert.equal(r.stdout, "");
      assert.equal(
        r.stderr,
        `nqueens: port ${port} on 127.0.0.1 is already in use: choose another with --port\n`,
      );
    } finally {
      blocker.close();
    }
  });

  test("a missing build says to run npm run build:web, exit 2", async () => {
    const r = await start(["web", "--dir", join(dir, "nowhere")]).done;
    assert.equal(r.code, 2);
    assert.match(
      r.stderr,
      /^nqueens: the web page is not built: .*run `npm run build:web` first\n$/,
    );
  });

  test("a bad port is a usage error, exit 2", async () => {
    const r = await start(["web", "--port", "70000", "--dir", dir]).done;
    assert.equal(r.code, 2);
    assert.equal(r.stderr, "nqueens: --port must be from 0 to 65535: got 70000\n");
  });
});
