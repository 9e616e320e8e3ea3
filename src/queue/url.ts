/**
 * The `--queue` address: `redis://[[USER]:PASSWORD@]HOST[:PORT][/DB]` (or `rediss://` for TLS).
 * Checked completely before any connection is tried, so a typo fails at once with one line.
 */
import { NQueensError, quote } from "../errors.js";
import { checkString } from "../shapes.js";

/** A parsed queue address. */
export interface QueueUrl {
  /** Host name or address (IPv6 without brackets). */
  readonly host: string;
  /** TCP port. @default 6379 */
  readonly port: number;
  /** Redis database index. @default 0 */
  readonly db: number;
  readonly username?: string;
  readonly password?: string;
  /** True for `rediss://`. */
  readonly tls: boolean;
  /** The address without the password, for messages. */
  readonly display: string;
}

/** Where to look for the address when `--queue` is not given. */
export const QUEUE_ENV = "NQUEENS_QUEUE";

const FORM = "redis://HOST[:PORT][/DB]";

/**
 * A queue address as it may be shown: the password (or a whole user part without a colon, which
 * some write as the password) replaced by `***`, and any query or fragment (where a password can
 * also hide) by `?...`. Works on any text, a URL or not, so that an address that fails to parse
 * is masked too.
 * @example maskUrl("redis://:S3cret@10.0.0.5:6379/x?password=S3cret") // "redis://:***@10.0.0.5:6379/x?..."
 */
export function maskUrl(text: string): string {
  let head = "";
  let rest = text;
  // The user part ends at the last @ (a password may hold ?, # or / unescaped).
  const at = text.lastIndexOf("@");
  if (at >= 0) {
    const slashes = text.indexOf("//");
    const start = slashes >= 0 && slashes < at ? slashes + 2 : 0;
    const user = text.slice(start, at);
    const colon = user.indexOf(":");
    head = `${text.slice(0, start)}${colon >= 0 ? `${user.slice(0, colon)}:***` : "***"}@`;
    rest = text.slice(at + 1);
  }
  const cut = rest.search(/[?#]/);
  return head + (cut >= 0 ? `${rest.slice(0, cut)}?...` : rest);
}

/**
 * Parses and checks a queue address.
 * @param text - a `redis://` or `rediss://` URL: host, port, database, user name and password
 * @param what - what the address is called in an error's message (and its `option`)
 * @returns the address's parts, and a form to show with the password masked
 * @throws NQueensError naming the bad value: another scheme, no host, a bad port or database, a
 *   user name or password with a `%` that is not an escape (the address quoted masked)
 * @example parseQueueUrl("redis://10.0.0.5:6379/2") // { host: "10.0.0.5", port: 6379, db: 2, ... }
 */
export function parseQueueUrl(text: string, what = "the queue address"): QueueUrl {
  checkString(text, "parseQueueUrl", "url");
  const bad = (why: string): NQueensError =>
    new NQueensError(
      `${what} must be a URL like ${FORM}: ${why}: got ${quote(maskUrl(text), 60)}`,
      "invalid-value",
      { option: what },
    );
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    throw bad("not a URL");
  }
  if (url.protocol !== "redis:" && url.protocol !== "rediss:") {
    throw bad(`the scheme must be redis or rediss, not ${url.protocol.slice(0, -1)}`);
  }
  const host = url.hostname.replace(/^\[(.*)\]$/, "$1");
  if (host === "") throw bad("no host");
  // WHATWG URL rejects ports above 65535 itself; 0 is accepted there and refused here.
  const port = url.port === "" ? 6379 : Number(url.port);
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw bad("the port must be 1 to 65535");
  const path = url.pathname.replace(/^\//, "");
  if (path !== "" && !/^\d{1,5}$/.test(path)) throw bad("the path must be a database number");
  const db = path === "" ? 0 : Number(path);
  if (url.search !== "" || url.hash !== "") throw bad("no query or fragment is accepted");
  const decoded = (part: string, which: string): string | undefined => {
    if (part === "") return undefined;
    try {
      return decodeURIComponent(part);
    } catch {
      // Never quoted: the part may be a password. `text` is quoted masked (maskUrl).
      throw bad(`the ${which} has a % that does not start an escape such as %41 (write % as %25)`);
    }
  };
  const username = decoded(url.username, "user name");
  const password = decoded(url.password, "password");
  const auth = username || password ? `${username ?? ""}:***@` : "";
  const shownHost = host.includes(":") ? `[${host}]` : host;
  return {
    host,
    port,
    db,
    username,
    password,
    tls: url.protocol === "rediss:",
    display: `${url.protocol}//${auth}${shownHost}:${port}${db === 0 ? "" : `/${db}`}`,
  };
}

/**
 * The queue address from a `--queue` option, else from the NQUEENS_QUEUE environment variable.
 * @param flag - the `--queue` option's value, if it was given
 * @param env - the environment to read NQUEENS_QUEUE from (process.env by default)
 * @returns the parsed address (see {@link parseQueueUrl})
 * @throws NQueensError when neither is set, or the address is malformed
 */
export function resolveQueueUrl(
  flag: string | undefined,
  env: Record<string, string | undefined> = process.env,
): QueueUrl {
  const text = flag ?? env[QUEUE_ENV];
  if (text === undefined || text === "") {
    throw new NQueensError(
      `the queue option, a URL like ${FORM}, is required (or set ${QUEUE_ENV})`,
      "missing-option",
      { option: "queue", env: QUEUE_ENV },
    );
  }
  return parseQueueUrl(text, "queue");
}
