/**
 * What the Gallery shows, as values: a listing's orbit chips, the page of class cards the reader's
 * choices leave (the page clamped, the classes of hidden orbit sizes left out, the class whose
 * symmetries are open), the pager's range, the rows of the downloads, and the count in workers'
 * line in words. Pure functions of the listing and the state (state.ts), in the page's current
 * language; model.test.ts checks them without a browser.
 */
import { t } from "../i18n/index.js";
import type { GalleryClass } from "../protocol.js";

/** Classes on one page of the listing. */
export const CLASSES_PER_PAGE = 6;

/** Every solution of one N, grouped by symmetry class. */
export interface Listing {
  readonly n: number;
  readonly classes: readonly GalleryClass[];
  readonly total: number;
}

/** One chip: an orbit size, its classes, whether they are shown. */
export interface OrbitChip {
  readonly size: number;
  readonly count: number;
  readonly shown: boolean;
}

/** The orbit chips of a listing, largest orbit first. */
export function orbitChips(listing: Listing, hidden: ReadonlySet<number>): OrbitChip[] {
  const bySize = new Map<number, number>();
  for (const c of listing.classes) bySize.set(c.orbit, (bySize.get(c.orbit) ?? 0) + 1);
  return [...bySize.entries()]
    .sort((a, b) => b[0] - a[0])
    .map(([size, count]) => ({ size, count, shown: !hidden.has(size) }));
}

/** A class card: the class and its number in the listing (from 1). */
interface NumberedClass {
  readonly c: GalleryClass;
  readonly index: number;
}

/** The page of a listing shown. */
export interface ListingPage {
  /** The classes of the orbit sizes shown. */
  readonly count: number;
  readonly pages: number;
  /** The page asked for, or the last one when it asked past the end. */
  readonly page: number;
  readonly cards: readonly NumberedClass[];
  /** The class whose symmetry view is open (`sym`, from 1: any class, on any page). */
  readonly symClass: GalleryClass | undefined;
}

export function listingPage(
  listing: Listing,
  hidden: ReadonlySet<number>,
  page: number,
  sym: number,
): ListingPage {
  const numbered = listing.classes
    .map((c, i) => ({ c, index: i + 1 }))
    .filter(({ c }) => !hidden.has(c.orbit));
  const pages = Math.max(1, Math.ceil(numbered.length / CLASSES_PER_PAGE));
  const shown = Math.min(page, pages - 1);
  const first = shown * CLASSES_PER_PAGE;
  return {
    count: numbered.length,
    pages,
    page: shown,
    cards: numbered.slice(first, first + CLASSES_PER_PAGE),
    symClass: sym > 0 ? listing.classes[sym - 1] : undefined,
  };
}

/** What the pager says: the classes from..to (from 1) of `count`, on page `page` (0-based). */
export function pageText(page: number, pages: number, count: number): string {
  const from = page * CLASSES_PER_PAGE + 1;
  const to = Math.min(count, from + CLASSES_PER_PAGE - 1);
  return t().gallery.pageText(from, to, count, page + 1, pages);
}

/** Every solution of a listing in order, each with its class number (the downloads' rows). */
export function solutionRows(listing: Listing): {
  readonly list: readonly (readonly number[])[];
  readonly classOf: readonly number[];
} {
  const list = listing.classes.flatMap((c) => c.members).sort(lex);
  const classOf = new Map<string, number>();
  listing.classes.forEach((c, i) => {
    for (const s of c.members) classOf.set(s.join(","), i + 1);
  });
  return { list, classOf: list.map((cols) => classOf.get(cols.join(","))!) };
}

function lex(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return 0;
}

/** The workers a count runs on: one per core, 1 to 8 (2 where the browser does not say). */
export function counterWorkers(hardwareConcurrency: number | undefined): number {
  return Math.max(1, Math.min(8, hardwareConcurrency || 2));
}

/** What a cancelled count says: where it stopped. */
function cancelledAt(p: CountProgress): string {
  return t().gallery.cancelledAt(p.done, p.parts, p.found);
}

/** The line under the count's bar, in words. */
export function countLineText(line: CountLine): string {
  const m = t().gallery;
  switch (line.kind) {
    case "none":
      return "";
    case "stopped":
      return m.cancelledLeft(cancelledAt(line.at));
    case "progress":
      return m.progressText(line.at.done, line.at.parts, line.at.found, line.seconds);
    case "cancelled":
      return line.at ? cancelledAt(line.at) : m.cancelled;
    case "done":
      return m.doneIn(line.seconds);
    case "failed":
      return m.failed(line.message);
  }
}

/** How far a count in workers has come: sub-problems done of all, solutions found in them. */
export interface CountProgress {
  readonly n: number;
  readonly done: number;
  readonly parts: number;
  readonly found: bigint;
}

/** What the line under the count's bar says (model.ts countLineText words it). */
export type CountLine =
  | { readonly kind: "none" }
  /** Leaving the view stopped the count of this N (said when its counter is drawn again). */
  | { readonly kind: "stopped"; readonly at: CountProgress }
  | { readonly kind: "progress"; readonly at: CountProgress; readonly seconds: number }
  /** The reader cancelled it: where it stopped, when it had started. */
  | { readonly kind: "cancelled"; readonly at: CountProgress | undefined }
  | { readonly kind: "done"; readonly seconds: number }
  | { readonly kind: "failed"; readonly message: string };
