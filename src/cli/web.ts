/**
 * `nqueens web [--port P]`: serves the built web page (web-dist/, from `npm run build:web`) on
 * 127.0.0.1 with node:http, prints the address, and stops on Ctrl-C.
 *
 * Hardened for a server any web page in the same browser can reach:
 * - it answers only requests whose Host is a loopback name with the server's port (`127.0.0.1`,
 *   any `127.x.y.z`, `[::1]` or `localhost`): a page on a hostile domain that rebinds its name to
 *   127.0.0.1 (DNS rebinding) gets 421 Misdirected Request, never the page;
 * - every response, errors included, carries a Content-Security-Policy that lets the page run
 *   only its own scripts, its wasm (`'wasm-unsafe-eval'`) and its workers (from `blob:` URLs its
 *   script makes), and that no page
 *   may frame (`frame-ancestors 'none'`), with `Referrer-Policy: no-referrer`,
 *   `Cross-Origin-Opener-Policy` and `Cross-Origin-Resource-Policy: same-origin`,
 *   `X-Content-Type-Options: nosniff` and `X-Frame-Options: DENY`;
 * - it serves only regular files inside its folder: a path or a symbolic link that leads out of
 *   it, a hidden file (`.git/...`) and source maps (`.map`) are 404.
 *
 * A file is sent as its Brotli or gzip copy (`index-*.js.br`, `.gz`, made by the build) when
 * there is one and the browser accepts it; the hashed assets (`assets/`) may be cached for a
 * year, and everything else (index.html, the service worker sw.js) is asked for again each time.
 */
import { createHash } from "node:crypto";
import { createReadStream, existsSync, readFileSync, realpathSync, statSync } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { extname, join, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { NQueensError, quote } from "../errors.js";
import { parseInteger } from "./args.js";
import { stdout } from "./output.js";
import type { Register } from "./register.js";

/** The port used when --port is not given. */
const DEFAULT_PORT = 4173;

/** The built site, beside dist/ and src/ in the package. */
const WEB_DIST = fileURLToPath(new URL("../../web-dist/", import.meta.url));

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".ico": "image/x-icon",
  ".wasm": "application/wasm",
  ".txt": "text/plain; charset=utf-8",
};

interface WebFlags {
  port: string;
  dir?: string;
}

/**
 * The Content-Security-Policy of every response. The page loads only its own scripts and styles,
 * and its workers from `blob:` (their code is inside the page's script, so that the page works
 * from disk and offline; only a script already running in the page can make a blob URL);
 * `'wasm-unsafe-eval'` lets the engine compile its WebAssembly (and nothing
 * else: no eval); the inline scripts of the served index.html are allowed by their SHA-256
 * (`inline`, computed when the server starts) and no other; inline `style=""` attributes are
 * allowed (the board sets sizes with them); images may be `data:` (the icon) or `blob:` (PNG
 * export); no plugins, no `<base>`, no form targets, and no page may frame it.
 */
function contentSecurityPolicy(inline: readonly string[] = []): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'wasm-unsafe-eval'${inline.map((h) => ` '${h}'`).join("")}`,
    ...POLICY_REST,
  ].join("; ");
}

const POLICY_REST = [
  "worker-src 'self' blob:",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "connect-src 'self'",
  "font-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
];

/** The `sha256-...` sources of the inline scripts (`<script>` without `src`) of an HTML text. */
function inlineScriptHashes(html: string): string[] {
  const out: string[] = [];
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    if (/\bsrc\s*=/i.test(m[1]) || m[2] === "") continue;
    out.push(`sha256-${createHash("sha256").update(m[2], "utf8").digest("base64")}`);
  }
  return out;
}

/** The headers every response carries, errors included. */
function securityHeaders(inline: readonly string[] = []): Readonly<Record<string, string>> {
  return {
    "content-security-policy": contentSecurityPolicy(inline),
    "referrer-policy": "no-referrer",
    "cross-origin-opener-policy": "same-origin",
    "cross-origin-resource-policy": "same-origin",
    "x-content-type-options": "nosniff",
    "x-frame-options": "DENY",
  };
}

/**
 * Whether a Host header names this server on a loopback address: `localhost`, `127.x.y.z` or
 * `[::1]`, with `port` (which may be left out only when it is 80).
 */
function loopbackHost(host: string | undefined, port: number): boolean {
  if (host === undefined) return false;
  const m = /^(\[::1\]|[a-z0-9.]+)(?::(\d{1,5}))?$/i.exec(host);
  if (!m) return false;
  const name = m[1].toLowerCase();
  const loopback =
    name === "localhost" ||
    name === "[::1]" ||
    /^127\.(25[0-5]|2[0-4]\d|1?\d?\d)\.(25[0-5]|2[0-4]\d|1?\d?\d)\.(25[0-5]|2[0-4]\d|1?\d?\d)$/.test(
      name,
    );
  const given = m[2] === undefined ? 80 : Number(m[2]);
  return loopback && given === port;
}

/** The precompressed copies the server looks for, best first: the encoding and the file's suffix. */
const ENCODINGS = [
  ["br", ".br"],
  ["gzip", ".gz"],
] as const;

/** The content codings an Accept-Encoding header accepts (those with a weight above 0). */
function acceptedEncodings(header: string | undefined): Set<string> {
  const out = new Set<string>();
  for (const part of (header ?? "").split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((p) => /^\s*q\s*=\s*([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v);
    if (name && (q === undefined || Number(q) > 0)) out.add(name.trim());
  }
  return out;
}

/** A regular file inside `root` (following links, which must stay inside): its real path and size. */
function fileInside(root: string, file: string): { real: string; size: number } | undefined {
  try {
    const real = realpathSync(file);
    if (!real.startsWith(root + sep)) return undefined;
    const st = statSync(real);
    return st.isFile() ? { real, size: st.size } : undefined;
  } catch {
    return undefined;
  }
}

/** Answers one request with a file under `root` (a real path); never a file outside it. */
function serveFile(
  root: string,
  port: number,
  headers: Readonly<Record<string, string>>,
  req: IncomingMessage,
  res: ServerResponse,
): void {
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  const send = (status: number, text: string) => {
    res.writeHead(status, {
      "content-type": "text/plain; charset=utf-8",
      "cache-control": "no-store",
    });
    res.end(req.method === "HEAD" ? undefined : `${text}\n`);
  };
  if (!loopbackHost(req.headers.host, port)) {
    // DNS rebinding: a hostile name pointed at 127.0.0.1 must not reach the page.
    send(421, "misdirected request: this server answers only to localhost and 127.0.0.1");
    return;
  }
  if (req.method !== "GET" && req.method !== "HEAD") {
    res.setHeader("allow", "GET, HEAD");
    send(405, "method not allowed");
    return;
  }
  let path: string;
  try {
    path = decodeURIComponent(new URL(req.url ?? "/", "http://localhost").pathname);
  } catch {
    send(400, "bad request");
    return;
  }
  if (path.endsWith("/")) path += "index.html";
  const file = resolve(join(root, path));
  const hidden = path.split("/").some((part) => part.startsWith("."));
  if (!file.startsWith(root + sep) || path.includes("\0") || hidden || /\.map$/i.test(path)) {
    send(404, "not found");
    return;
  }
  // The file as it really is: a symbolic link anywhere on the way that leads out of the folder
  // is refused like a path that does.
  const found = fileInside(root, file);
  if (!found) {
    send(404, "not found");
    return;
  }
  const ext = extname(file).toLowerCase();
  const accepted = acceptedEncodings(req.headers["accept-encoding"]);
  let sent = found;
  let encoding: string | undefined;
  for (const [name, suffix] of ENCODINGS) {
    const copy = accepted.has(name) ? fileInside(root, found.real + suffix) : undefined;
    if (copy) {
      sent = copy;
      encoding = name;
      break;
    }
  }
  res.writeHead(200, {
    "content-type": TYPES[ext] ?? "application/octet-stream",
    "content-length": sent.size,
    ...(encoding ? { "content-encoding": encoding } : {}),
    vary: "accept-encoding",
    // Hashed asset names change with their content; the page and its service worker are
    // always asked for again.
    "cache-control": path.startsWith("/assets/")
      ? "public, max-age=31536000, immutable"
      : "no-cache",
  });
  if (req.method === "HEAD") {
    res.end();
    return;
  }
  createReadStream(sent.real)
    .on("error", () => res.destroy())
    .pipe(res);
}

/** The served index.html, if it is a file inside the folder (for its inline scripts' hashes). */
function pageText(root: string): string {
  try {
    const real = realpathSync(join(root, "index.html"));
    return real.startsWith(root + sep) ? readFileSync(real, "utf8") : "";
  } catch {
    return "";
  }
}

/** Starts listening; rejects with a one-line NQueensError when the port cannot be used. */
function listen(server: Server, port: number): Promise<number> {
  return new Promise((resolvePort, reject) => {
    server.once("error", (e: NodeJS.ErrnoException) => {
      if (e.code === "EADDRINUSE") {
        reject(
          new NQueensError(
            `port ${port} on 127.0.0.1 is already in use: choose another with --port`,
            "unavailable",
          ),
        );
      } else if (e.code === "EACCES") {
        reject(
          new NQueensError(
            `port ${port} needs more privileges: choose one above 1023 with --port`,
            "unavailable",
          ),
        );
      } else {
        reject(new NQueensError(`cannot listen on 127.0.0.1:${port}: ${e.message}`, "unavailable"));
      }
    });
    server.listen(port, "127.0.0.1", () => {
      const address = server.address();
      resolvePort(typeof address === "object" && address ? address.port : port);
    });
  });
}

/**
 * How long a client may take: its headers within 10 s, its whole request within 30 s (Node's
 * defaults are 60 s and 300 s), checked every second; then a 408 and the connection closed.
 */
const TIMEOUTS = {
  headersTimeout: 10_000,
  requestTimeout: 30_000,
  connectionsCheckingInterval: 1_000,
} as const;

export const registerWeb: Register = (program, exit) => {
  program
    .command("web")
    .description(
      "serve the web page (place queens, watch the search, browse solutions) on 127.0.0.1",
    )
    .option("-p, --port <port>", "port to listen on; 0 picks a free one", String(DEFAULT_PORT))
    .option("--dir <path>", "serve this folder instead of the built web-dist/")
    .addHelpText(
      "after",
      `
Build the page first with \`npm run build:web\`. Stop the server with Ctrl-C.

Examples:
  $ nqueens web                 http://127.0.0.1:${DEFAULT_PORT}/
  $ nqueens web --port 8080`,
    )
    .action(async (flags: WebFlags) => {
      const port = parseInteger(flags.port, "--port", 0, 65535);
      const given = resolve(flags.dir ?? WEB_DIST);
      if (flags.dir !== undefined && !isDirectory(given)) {
        throw new NQueensError(
          `--dir ${quote(flags.dir, 200)}: ${existsSync(given) ? "not a folder" : "no such folder"}`,
          "unavailable",
        );
      }
      if (!existsSync(join(given, "index.html"))) {
        throw new NQueensError(
          `the web page is not built: ${join(given, "index.html")} is missing; run \`npm run build:web\` first`,
          "unavailable",
        );
      }
      const root = realpathSync(given);
      const headers = securityHeaders(inlineScriptHashes(pageText(root)));
      let bound = port;
      // Requests without a Host come to serveFile too (a 421 with the headers, not Node's bare 400).
      const server = createServer({ requireHostHeader: false, ...TIMEOUTS }, (req, res) =>
        serveFile(root, bound, headers, req, res),
      );
      // A request Node cannot even parse gets its 400 with the same headers, one too slow to
      // arrive its 408; either way the connection is closed and its descriptor freed at once,
      // not when the client gets round to closing it (slow clients would hold them all).
      server.on("clientError", (e: NodeJS.ErrnoException, socket) => {
        if (!socket.writable) return socket.destroy();
        const status =
          e.code === "ERR_HTTP_REQUEST_TIMEOUT" ? "408 Request Timeout" : "400 Bad Request";
        const lines = Object.entries(headers).map(([k, v]) => `${k}: ${v}\r\n`);
        const gone = setTimeout(() => socket.destroy(), 1000);
        socket.end(`HTTP/1.1 ${status}\r\n${lines.join("")}connection: close\r\n\r\n`, () => {
          clearTimeout(gone);
          socket.destroy();
        });
      });
      bound = await listen(server, port);
      const out = stdout();
      await out.line(
        `Serving the N-Queens page at http://127.0.0.1:${bound}/ (press Ctrl-C to stop)`,
      );
      await out.flush();
      await new Promise<void>((done) => {
        const stop = () => {
          process.off("SIGINT", stop);
          process.off("SIGTERM", stop);
          server.close(() => done());
          server.closeAllConnections();
        };
        process.on("SIGINT", stop);
        process.on("SIGTERM", stop);
      });
      await out.line("Stopped.");
      exit(0);
    });
};

/** Whether `path` is a folder (links followed). */
function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}
