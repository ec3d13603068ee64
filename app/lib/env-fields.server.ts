import * as v from "valibot";

/**
 * The kinds of variable the environment's schema (env.server.ts) is made of.
 * Each reads one variable, trimmed (blank is unset), and its message names the
 * variable and what to set; the servers print it and stop.
 */
export class EnvError extends Error {
  name = "EnvError";
}

/** "NAME must …, got "value"." */
export const must = (name: string, what: string) => (issue: v.BaseIssue<unknown>) =>
  `${name} must ${what}, got "${String(issue.input)}".`;

/** A variable that passes `test`, read by `read`; unset, `fallback` is read instead. */
export function field<T = string, F extends string | undefined = undefined>(
  test: RegExp | ((value: string) => boolean),
  message: string | ((issue: v.BaseIssue<unknown>) => string),
  read = (value: string) => value as T,
  fallback?: F,
): v.GenericSchema<string | undefined, F extends string ? T : T | undefined> {
  const passes = typeof test === "function" ? test : (value: string) => test.test(value);
  const schema = v.pipe(v.string(), v.check(passes, message), v.transform(read));
  // The outer default fills a missing variable; the inner, a blank one.
  const trimmed = v.transform((value: string) => value.trim() || undefined);
  return v.optional(v.pipe(v.string(), trimmed, v.optional(schema, fallback)), fallback) as never;
}

/** Any text, e.g. a secret (never repeated in a message). */
export const text = field(() => true, "");

export const flag = (name: string, fallback: "true" | "false") =>
  field(/^(1|true|yes|0|false|no)$/i, must(name, `be "true" or "false"`), isTrue, fallback);
const isTrue = (value: string) => /^(1|true|yes)$/i.test(value);

export const wholeNumber = (name: string, what: string, max: number, fallback: string) =>
  field(
    (value) => /^\d+$/.test(value) && +value >= 1 && +value <= max,
    must(name, what),
    Number,
    fallback,
  );

export const milliseconds = (name: string, fallback: string) =>
  wholeNumber(name, "be a positive whole number of milliseconds", Infinity, fallback);

/** An http(s) URL without credentials (and, if `bare`, without query or fragment). */
export function isHttp(value: string, bare = false) {
  const url = URL.parse(value);
  const extra = url?.username || url?.password || (bare && (url?.search || url?.hash));
  return !!url && /^https?:$/.test(url.protocol) && !extra;
}

/** An http(s) base URL without credentials, query or fragment, read without a trailing slash. */
export const baseUrl = (name: string, fallback: string) =>
  field(
    (value) => isHttp(value, true),
    (issue) =>
      URL.canParse(String(issue.input))
        ? `${name} must be an http(s) URL without credentials, query or fragment, like ${fallback}.`
        : must(name, `be a URL like ${fallback}`)(issue),
    (value) => new URL(value).href.replace(/\/+$/, ""),
    fallback,
  );

export const entries = (value: string) => value.split(",").map((entry) => entry.trim());

/** A comma-separated list whose entries all pass `test`; the message names the first that does not. */
export function list(test: (entry: string) => boolean, message: (entry: string) => string) {
  return field(
    (value) => entries(value).every(test),
    (issue) => message(entries(String(issue.input)).find((entry) => !test(entry))!),
    entries,
  );
}
