// Runs the BUILT command (bin/nqueens.js -> dist/): build first with `npm run build` (npm test does).
import assert from "node:assert/strict";
import { type ChildProcess, spawn } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { request } from "node:http";
import { createServer, Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { fileURLToPath } from "node:url";
import { until } from "../testing/wait.js";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const BIN = `${ROOT}bin/nqueens.js`;

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

interface Started {
  child: ChildProcess;
  done: Promise<Run>;
  out: () => string;
}

function start(args: string[]): Started {
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

/** Waits until the server prints its address, however long it takes to start. */
async function address({ child, out }: Started): Promise<string> {
  const printed = () => /http:\/\/127\.0\.0\.1:\d+\//.exec(out())?.[0];
  await until(() => printed() !== undefined, "the address printed", { alive: child }).catch(
    (e: Error) => {
      throw new Error(`${e.message}; it printed: ${out()}`);
    },
  );
  return printed()!;
}

/** One raw request with any Host header (fetch does not let a caller choose it). */
function get(
  url: string,
  path: string,
  host: string | undefined,
  method = "GET",
): Promise<{
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}> {
  const u = new URL(url);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: u.hostname,
        port: u.port,
        path,
        method,
        setHost: false,
        headers: host === undefined ? {} : { host },
      },
      (res) => {
        let body = "";
        res.setEncoding("utf8").on("data", (d: string) => (body += d));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on("error", reject);
    req.end();
  });
}

let dir = "";
let outside = "";
before(() => {
  assert.ok(existsSync(`${ROOT}dist/cli/web.js`), "build first: npm run build");
  dir = mkdtempSync(join(tmpdir(), "nqueens-web-"));
  outside = mkdtempSync(join(tmpdir(), "nqueens-outside-"));
  mkdirSync(join(dir, "assets"));
  writeFileSync(join(dir, "index.html"), "<!doctype html><title>N-Queens</title>");
  writeFileSync(join(dir, "assets", "app-1234.js"), "console.log(1);");
  writeFileSync(join(dir, "assets", "app-1234.js.map"), '{"version":3,"sources":["secret.ts"]}');
  writeFileSync(join(dir, ".env"), "TOKEN=1");
  writeFileSync(join(outside, "private.txt"), "not for the page");
  mkdirSync(join(outside, "sub"));
  writeFileSync(join(outside, "sub", "deep.txt"), "not for the page either");
  // Links out of the folder (a file and a folder), and one that stays inside.
  symlinkSync(join(outside, "private.txt"), join(dir, "leak.txt"));
  symlinkSync(outside, join(dir, "assets", "out"));
  symlinkSync(join(dir, "index.html"), join(dir, "home.html"));
});
after(() => {
  rmSync(dir, { recursive: true, force: true });
  rmSync(outside, { recursive: true, force: true });
});

const HEADERS = {
  "content-security-policy":
    /default-src 'self'.*script-src 'self' 'wasm-unsafe-eval'.*worker-src 'self'.*frame-ancestors 'none'/,
  "referrer-policy": /^no-referrer$/,
  "cross-origin-opener-policy": /^same-origin$/,
  "x-content-type-options": /^nosniff$/,
  "x-frame-options": /^DENY$/,
};

describe("nqueens web", () => {
  test("serves the folder on 127.0.0.1, prints the address and stops on SIGINT", async () => {
    const run = start(["web", "--port", "0", "--dir", dir]);
    try {
      const url = await address(run);
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

  test("answers only to loopback Host names with its port: others get 421", async () => {
    const run = start(["web", "--port", "0", "--dir", dir]);
    try {
      const url = await address(run);
      const port = new URL(url).port;
      for (const host of [
        `127.0.0.1:${port}`,
        `localhost:${port}`,
        `LocalHost:${port}`,
        `[::1]:${port}`,
        `127.8.9.10:${port}`,
      ]) {
        const r = await get(url, "/", host);
        assert.equal(r.status, 200, host);
        assert.match(r.body, /N-Queens/);
      }
      for (const host of [
        `evil.example:${port}`,
        `localhost.evil.example:${port}`,
        `127.0.0.1.nip.io:${port}`,
        `localhost:${Number(port) + 1}`,
        "127.0.0.1",
        `10.0.0.5:${port}`,
        `[::2]:${port}`,
        `256.0.0.1:${port}`,
        `user@localhost:${port}`,
        undefined,
      ]) {
        const r = await get(url, "/", host);
        assert.equal(r.status, 421, String(host));
        assert.doesNotMatch(r.body, /N-Queens/);
      }
    } finally {
      run.child.kill("SIGINT");
    }
    await run.done;
  });

  test("every response carries the security headers, errors included", async () => {
    const run = start(["web", "--port", "0", "--dir", dir]);
    try {
      const url = await address(run);
      const host = new URL(url).host;
      const responses = [
        [await get(url, "/", host), 200],
        [await get(url, "/assets/app-1234.js", host), 200],
        [await get(url, "/", host, "HEAD"), 200],
        [await get(url, "/missing.js", host), 404],
        [await get(url, "/%E0%A4%A", host), 400],
        [await get(url, "/", host, "POST"), 405],
        [await get(url, "/", "evil.example"), 421],
      ] as const;
      for (const [r, status] of responses) {
        assert.equal(r.status, status);
        for (const [name, want] of Object.entries(HEADERS)) {
          assert.match(String(r.headers[name] ?? ""), want, `${status}: ${name}`);
        }
      }
    } finally {
      run.child.kill("SIGINT");
    }
    await run.done;
  });

  test("a client too slow to send its headers gets a 408, and its descriptor is freed at once", async () => {
    const run = start(["web", "--port", "0", "--dir", dir]);
    const slow = new Socket({ allowHalfOpen: true }); // a client that never closes its end
    try {
      const u = new URL(await address(run));
      const fds = () => readdirSync(`/proc/${run.child.pid}/fd`).length;
      const idle = fds();
      let answer = "";
      let ended = false;
      slow.setEncoding("utf8").on("data", (d: string) => (answer += d));
      slow.on("end", () => (ended = true)); // the server's FIN; this side stays open
      slow.on("error", () => {});
      await new Promise<void>((done) => slow.connect(Number(u.port), u.hostname, done));
      slow.write(`GET / HTTP/1.1\r\nHost: ${u.host}\r\n`); // and never the blank line
      await until(() => fds() > idle, "the connection accepted", { alive: run.child });
      await until(() => ended, "the server to give up on the slow client", {
        alive: run.child,
        ms: 60_000,
      });
      assert.match(answer, /^HTTP\/1\.1 408 Request Timeout\r\n/);
      assert.match(answer, /x-frame-options: DENY/);
      // The client has not closed its end: the server's descriptor is gone all the same.
      await until(() => fds() === idle, "the descriptor freed", { alive: run.child });
      assert.equal(slow.destroyed, false);
    } finally {
      slow.destroy();
      run.child.kill("SIGINT");
    }
    await run.done;
  });

  test("never leaves its folder through a link; serves no source map or hidden file", async () => {
    const linked = join(outside, "linked-dist");
    symlinkSync(dir, linked);
    const run = start(["web", "--port", "0", "--dir", linked]);
    try {
      const url = await address(run);
      assert.equal((await fetch(url)).status, 200, "a --dir that is itself a link is fine");
      assert.equal((await fetch(`${url}home.html`)).status, 200, "a link inside the folder");
      for (const path of [
        "leak.txt",
        "assets/out/private.txt",
        "assets/out/sub/deep.txt",
        "assets/app-1234.js.map",
        ".env",
        "assets/%2e%2e/.env",
      ]) {
        const r = await fetch(`${url}${path}`);
        assert.equal(r.status, 404, path);
        assert.doesNotMatch(await r.text(), /not for the page|secret\.ts|TOKEN/);
      }
    } finally {
      run.child.kill("SIGINT");
    }
    await run.done;
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

  test("a folder without the page says to run npm run build:web, exit 2", async () => {
    const empty = join(outside, "empty");
    mkdirSync(empty, { recursive: true });
    const r = await start(["web", "--dir", empty]).done;
    assert.equal(r.code, 2);
    assert.match(
      r.stderr,
      /^nqueens: the web page is not built: .*run `npm run build:web` first\n$/,
    );
  });

  test("--dir naming no folder says so, not that the page is not built, exit 2", async () => {
    const r = await start(["web", "--dir", "/nonexistent/nowhere"]).done;
    assert.equal(r.code, 2);
    assert.equal(r.stderr, "nqueens: --dir '/nonexistent/nowhere': no such folder\n");
    const file = await start(["web", "--dir", join(dir, "index.html")]).done;
    assert.equal(file.code, 2);
    assert.match(file.stderr, /^nqueens: --dir '.*index\.html': not a folder\n$/);
  });

  test("a bad port is a usage error, exit 2", async () => {
    const r = await start(["web", "--port", "70000", "--dir", dir]).done;
    assert.equal(r.code, 2);
    assert.equal(r.stderr, "nqueens: --port must be from 0 to 65535: got 70000\n");
  });
});
