/**
 * `nqueens web [--port P]`: serves the built web page (web-dist/, from `npm run build:web`) on
 * 127.0.0.1 with node:http, prints the address, and stops on Ctrl-C.
 */
import { createReadStream, existsSync, statSync } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { extname, join, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { NQueensError } from "../errors.js";
import { parseInteger } from "./args.js";
import type { Register } from "./commands.js";
import { stdout } from "./output.js";

/** The port used when --port is not given. */
export const DEFAULT_PORT = 4173;

/** The built site, beside dist/ and src/ in the package. */
export const WEB_DIST = fileURLToPath(new URL("../../web-dist/", import.meta.url));

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".map": "application/json; charset=utf-8",
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

/** Answers one request with a file under `root`; never a path outside it. */
function serveFile(root: string, req: IncomingMessage, res: ServerResponse): void {
  const send = (status: number, text: string) => {
    res.writeHead(status, { "content-type": "text/plain; charset=utf-8" });
    res.end(req.method === "HEAD" ? undefined : `${text}\n`);
  };
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
  if (!file.startsWith(root + sep) || path.includes("\0")) {
    send(404, "not found");
    return;
  }
  let size: number;
  try {
    const st = statSync(file);
    if (!st.isFile()) throw new Error("not a file");
    size = st.size;
  } catch {
    send(404, "not found");
    return;
  }
  const ext = extname(file).toLowerCase();
  res.writeHead(200, {
    "content-type": TYPES[ext] ?? "application/octet-stream",
    "content-length": size,
    "x-content-type-options": "nosniff",
    // Hashed asset names change with their content; the page itself is always re-read.
    "cache-control": path.startsWith("/assets/")
      ? "public, max-age=31536000, immutable"
      : "no-cache",
  });
  if (req.method === "HEAD") {
    res.end();
    return;
  }
  createReadStream(file)
    .on("error", () => res.destroy())
    .pipe(res);
}

/** Starts listening; rejects with a one-line NQueensError when the port cannot be used. */
function listen(server: Server, port: number): Promise<number> {
  return new Promise((resolvePort, reject) => {
    server.once("error", (e: NodeJS.ErrnoException) => {
      if (e.code === "EADDRINUSE") {
        reject(
          new NQueensError(
            `port ${port} on 127.0.0.1 is already in use: choose another with --port`,
          ),
        );
      } else if (e.code === "EACCES") {
        reject(
          new NQueensError(`port ${port} needs more privileges: choose one above 1023 with --port`),
        );
      } else {
        reject(new NQueensError(`cannot listen on 127.0.0.1:${port}: ${e.message}`));
      }
    });
    server.listen(port, "127.0.0.1", () => {
      const address = server.address();
      resolvePort(typeof address === "object" && address ? address.port : port);
    });
  });
}

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
      const root = resolve(flags.dir ?? WEB_DIST);
      if (!existsSync(join(root, "index.html"))) {
        throw new NQueensError(
          `the web page is not built: ${join(root, "index.html")} is missing; run \`npm run build:web\` first`,
        );
      }
      const server = createServer((req, res) => serveFile(root, req, res));
      const bound = await listen(server, port);
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
