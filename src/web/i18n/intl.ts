/**
 * Numbers, times and plurals in the page's two languages, through the browser's Intl: one
 * formatter of each kind per language, made once.
 */

/** The languages of the page. */
const LANGS = ["en", "ja"] as const;
export type Lang = (typeof LANGS)[number];

/** The locale each language formats numbers in. */
const LOCALE: Record<Lang, string> = { en: "en-US", ja: "ja-JP" };

const numbers = new Map<Lang, Intl.NumberFormat>();
const compacts = new Map<Lang, Intl.NumberFormat>();
const plurals = new Map<Lang, Intl.PluralRules>();
const units = new Map<string, Intl.NumberFormat>();

function cached<T>(map: Map<Lang, T>, lang: Lang, make: (locale: string) => T): T {
  let v = map.get(lang);
  if (!v) {
    v = make(LOCALE[lang]);
    map.set(lang, v);
  }
  return v;
}

/** A whole number with the language's group separators (bigints and their decimal text too). */
export function formatNumber(lang: Lang, value: number | bigint | string): string {
  const v = typeof value === "string" ? BigInt(value) : value;
  return cached(numbers, lang, (l) => new Intl.NumberFormat(l)).format(v);
}

/** A short axis label: 1K, 1M in English; 1000, 1万, 1億 in Japanese. */
export function formatCompact(lang: Lang, value: number): string {
  return cached(compacts, lang, (l) => new Intl.NumberFormat(l, { notation: "compact" })).format(
    value,
  );
}

function unit(lang: Lang, name: string, digits: number): Intl.NumberFormat {
  const key = `${lang}|${name}|${digits}`;
  let f = units.get(key);
  if (!f) {
    f = new Intl.NumberFormat(LOCALE[lang], {
      style: "unit",
      unit: name,
      unitDisplay: "short",
      maximumFractionDigits: digits,
    });
    units.set(key, f);
  }
  return f;
}

/** Seconds or milliseconds, whichever reads better: 0.41 µs, 40 µs, 12 ms, 2.35 s (ja: 2.35 秒). */
export function formatTime(lang: Lang, seconds: number): string {
  // Below 10 µs, two decimals: a run of 0.4 µs is not "0 µs".
  if (seconds < 0.00001) return unit(lang, "microsecond", 2).format(seconds * 1e6);
  if (seconds < 0.001) return unit(lang, "microsecond", 0).format(seconds * 1e6);
  if (seconds < 1) return unit(lang, "millisecond", seconds < 0.01 ? 2 : 0).format(seconds * 1000);
  return unit(lang, "second", seconds < 10 ? 2 : 1).format(seconds);
}

/** The plural forms of a word: `other` always, the rest where the language has them. */
export type PluralForms = Partial<Record<Intl.LDMLPluralRule, string>> & { readonly other: string };

/** The form of `forms` for the count `n` (English: one, other; Japanese: other only). */
export function pluralForm(lang: Lang, n: number | bigint, forms: PluralForms): string {
  const rule = cached(plurals, lang, (l) => new Intl.PluralRules(l)).select(Number(n));
  return forms[rule] ?? forms.other;
}

/**
 * The page's language: the one saved by the switch, else the first of the browser's languages
 * the page has (Japanese for any `ja*`), else English.
 */
export function chooseLang(saved: string | null, browser: readonly string[]): Lang {
  if (saved === "en" || saved === "ja") return saved;
  for (const tag of browser) {
    const base = tag.toLowerCase().split("-")[0];
    if (base === "ja") return "ja";
    if (base === "en") return "en";
  }
  return "en";
}
