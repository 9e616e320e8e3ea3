/**
 * The page's service worker (built as sw.js beside the page by vite.config.ts, which puts the build's
 * file list and version before this code as `PRECACHE`): so that a reload, or a new tab, works
 * with the server gone or from a static host offline.
 * - install: every file of the build is fetched into a cache named after the build's version;
 * - activate: the caches of other versions are deleted, and open tabs are taken over;
 * - fetch: a page (a navigation) is asked of the network first, so a new build shows as soon as
 *   it is served, and the cached index.html answers when the network fails; every other file of
 *   the build is answered from the cache (its name is hashed: it never changes), and anything
 *   else goes to the network untouched.
 * Registered by offline.ts. Written against a few shapes of its own rather than the WebWorker
 * library, which cannot be mixed with the DOM's in the page's tsconfig.
 */

/** The build's files, relative to this script (index.html among them), and its version. */
declare const PRECACHE: { readonly version: string; readonly files: readonly string[] };

interface ExtendableEventLike extends Event {
  waitUntil(work: Promise<unknown>): void;
}
interface FetchEventLike extends ExtendableEventLike {
  readonly request: Request;
  respondWith(answer: Promise<Response>): void;
}
interface WorkerScope {
  readonly registration: { readonly scope: string };
  readonly clients: { claim(): Promise<void> };
  skipWaiting(): Promise<void>;
  addEventListener(type: "install" | "activate", listener: (e: ExtendableEventLike) => void): void;
  addEventListener(type: "fetch", listener: (e: FetchEventLike) => void): void;
}

const scope = self as unknown as WorkerScope;
const CACHE = `nqueens-${PRECACHE.version}`;
const PAGE = new URL("index.html", scope.registration.scope).href;
const OWN = new Set(PRECACHE.files.map((f) => new URL(f, scope.registration.scope).href));

scope.addEventListener("install", (e) => {
  e.waitUntil(
    caches
      .open(CACHE)
      // `reload`: the files from the server, not from the browser's HTTP cache.
      .then((cache) => cache.addAll([...OWN].map((url) => new Request(url, { cache: "reload" }))))
      .then(() => scope.skipWaiting()),
  );
});

scope.addEventListener("activate", (e) => {
  e.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names.filter((n) => n.startsWith("nqueens-") && n !== CACHE).map((n) => caches.delete(n)),
        ),
      )
      .then(() => scope.clients.claim()),
  );
});

scope.addEventListener("fetch", (e) => {
  const { request } = e;
  if (request.method !== "GET") return;
  if (request.mode === "navigate") {
    e.respondWith(
      fetch(request).catch(() =>
        caches.match(PAGE, { cacheName: CACHE }).then((hit) => hit ?? Response.error()),
      ),
    );
    return;
  }
  const url = new URL(request.url);
  url.search = "";
  url.hash = "";
  if (!OWN.has(url.href)) return;
  e.respondWith(caches.match(url.href, { cacheName: CACHE }).then((hit) => hit ?? fetch(request)));
});
