// The API reference's own checks, run by scripts/api-docs.mjs on the pages it has just written
// (the build fails on a finding) and runnable alone on a built folder:
//   node scripts/api-docs-check.mjs [folder]   (default web-dist/api; exit 1 on a finding)
// One line per finding, naming the page and the row:
// - a parameter row without a description (its "(Optional)" mark is not one);
// - a "Returns:" with a type and no description (void and Promise<void> need none);
// - a package without its description (index.html's table and the package's own page);
// - a link or asset that would not load from disk or from a static host: an absolute path (/api/
//   ...), a folder (`./`), or a relative path that is not a file of the folder. The one way out
//   is the header's link to the N-Queens page, ../index.html, checked where the page is built.
// Also counted, not a failure (yet): the rows of the Properties tables (an interface's or a
// class's members) without a description, by package (`undescribed`).
// The {@link}s to names the entry points do not export are API Documenter's warnings, which
// scripts/api-docs.mjs turns into findings before it renders.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

/** Properties rows without a description at the last check, by package page prefix. */
export const undescribed = new Map();

/** The only link that leaves the reference: the header's link to the page it is built beside. */
export const PAGE_LINK = "../index.html";

const text = (html) =>
  html
    .replace(/<[^>]*>/g, "")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .trim();

/** The body rows of the table that follows `<h2>heading</h2>`, each as its cells' HTML. */
function tableRows(html, heading) {
  const at = html.indexOf(`<h2>${heading}</h2>`);
  if (at < 0) return [];
  const table = /<tbody>([\s\S]*?)<\/tbody>/.exec(html.slice(at));
  if (!table) return [];
  return [...table[1].matchAll(/<tr>([\s\S]*?)<\/tr>/g)].map((row) =>
    [...row[1].matchAll(/<td>([\s\S]*?)<\/td>/g)].map((cell) => cell[1]),
  );
}

/**
 * The findings of one built reference folder, one line each.
 * @param out - the folder the pages are in
 * @param pageRoot - the folder of the N-Queens page whose index.html the header links to, when it
 *   is built there (web-dist/); undefined to leave that link unchecked
 */
export function checkPages(out, pageRoot) {
  const findings = [];
  undescribed.clear();
  const pages = readdirSync(out)
    .filter((f) => f.endsWith(".html"))
    .sort();
  const isFile = (path) => existsSync(path) && statSync(path).isFile();
  for (const page of pages) {
    const html = readFileSync(join(out, page), "utf8");
    for (const [name, , description] of tableRows(html, "Parameters")) {
      if (text((description ?? "").replace("<em>(Optional)</em>", "")) === "") {
        findings.push(`${page}: parameter ${text(name)} has no description`);
      }
    }
    const returns =
      /<p><strong>Returns:<\/strong><\/p>\s*<p>([\s\S]*?)<\/p>([\s\S]*?)(?=<h2|<\/main>)/.exec(
        html,
      );
    if (returns && text(returns[2]) === "" && !/^(Promise<void>|void)$/.test(text(returns[1]))) {
      findings.push(`${page}: Returns ${text(returns[1])} has no description`);
    }
    for (const cells of tableRows(html, "Properties")) {
      if (text(cells.at(-1) ?? "") === "") {
        const pkg = page.split(".")[0];
        undescribed.set(pkg, (undescribed.get(pkg) ?? 0) + 1);
      }
    }
    for (const m of html.matchAll(/\b(?:href|src)="([^"]*)"/g)) {
      const link = m[1];
      if (/^[a-z][\w+.-]*:/i.test(link) || link.startsWith("#")) continue;
      const path = decodeURIComponent(link.replace(/[?#].*$/, ""));
      const target = resolve(out, path);
      if (link.startsWith("/")) {
        findings.push(`${page}: the link ${link} is absolute (from disk it leads nowhere)`);
      } else if (link === PAGE_LINK) {
        if (pageRoot && !isFile(join(pageRoot, "index.html"))) {
          findings.push(`${page}: the link ${link}: ${pageRoot}/index.html is not built`);
        }
      } else if (relative(out, target).startsWith("..")) {
        findings.push(`${page}: the link ${link} leaves the reference's folder`);
      } else if (path === "" || path.endsWith("/") || !isFile(target)) {
        findings.push(`${page}: the link ${link} is not a file of the reference`);
      }
    }
  }
  // The packages: a description in the index's table and on each package's page.
  const index = existsSync(join(out, "index.html"))
    ? readFileSync(join(out, "index.html"), "utf8")
    : "";
  if (!index) findings.push("index.html: missing");
  for (const [name, description] of tableRows(index, "Packages")) {
    const file = /href="\.\/([\w.-]+\.html)"/.exec(name)?.[1];
    if (text(description ?? "") === "") {
      findings.push(`index.html: package ${text(name)} has no description`);
    }
    if (!file || !pages.includes(file)) continue;
    const html = readFileSync(join(out, file), "utf8");
    const intro = /<h2>[^<]* package<\/h2>([\s\S]*?)(?=<h2|<\/main>)/.exec(html)?.[1] ?? "";
    if (text(intro) === "") findings.push(`${file}: package ${text(name)} has no description`);
  }
  return findings;
}

/** The count of property rows without a description, as one line. */
export function note() {
  const each = [...undescribed].map(([pkg, rows]) => `${pkg.replace("-", "/")} ${rows}`);
  return `property rows without a description (not a failure): ${each.join(", ")}`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = fileURLToPath(new URL("../", import.meta.url));
  const out = resolve(root, process.argv[2] ?? "web-dist/api");
  const findings = checkPages(out, process.argv[2] ? undefined : dirname(out));
  for (const f of findings) console.error(`api-docs: ${f}`);
  const count = (what) => findings.filter((f) => f.includes(what)).length;
  console.log(
    `api-docs: ${findings.length} finding(s): ${count(": parameter ")} parameter rows, ` +
      `${count(": Returns ")} returns, ${count(": the link ")} links, ` +
      `${count(" has no description") - count(": parameter ") - count(": Returns ")} packages`,
  );
  if (undescribed.size) console.log(`api-docs: ${note()}`);
  if (findings.length) process.exit(1);
}
