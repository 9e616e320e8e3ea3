/**
 * Registers the page's service worker (sw.ts, built as sw.js beside the page) so that a reload or a
 * new tab works offline. Only from a built page on http(s): a page opened from disk cannot have
 * one (and needs none: its files are on disk), nor can Vite's dev server, which has no sw.js.
 * A browser that refuses (a private window, a policy) loses only the offline reload: the page
 * runs as before, so the refusal is not reported.
 */
export function keepOffline(): void {
  if (!import.meta.env.PROD || !("serviceWorker" in navigator)) return;
  if (location.protocol !== "http:" && location.protocol !== "https:") return;
  navigator.serviceWorker.register("./sw.js").catch(() => undefined);
}
