/**
 * How one environment variable is read: the parsers every part of the schema
 * (env.server.ts) shares. A bad value throws an EnvError whose message names
 * the variable and what to set; the servers print it and stop.
 */
export class EnvError extends Error {
  name = "EnvError";
}

/** The value, trimmed; unset when empty or only spaces. */
export function clean(value: string | undefined) {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

export function parseBoolean(name: string, value: string | undefined, fallback: boolean) {
  if (value === undefined) return fallback;
  if (/^(1|true|yes)$/i.test(value)) return true;
  if (/^(0|false|no)$/i.test(value)) return false;
  throw new EnvError(`${name} must be "true" or "false", got "${value}".`);
}

export function parsePositiveInt(name: string, value: string | undefined, fallback: number) {
  if (value === undefined) return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed <= 0) {
    throw new EnvError(`${name} must be a positive whole number of milliseconds, got "${value}".`);
  }
  return parsed;
}

/** An http(s) base URL without credentials, query or fragment, no trailing slash. */
export function parseBaseUrl(name: string, value: string | undefined, fallback: string) {
  if (value === undefined) return fallback;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new EnvError(`${name} must be a URL like ${fallback}, got "${value}".`);
  }
  if (!/^https?:$/.test(url.protocol) || url.username || url.password || url.search || url.hash) {
    throw new EnvError(
      `${name} must be an http(s) URL without credentials, query or fragment, like ${fallback}.`,
    );
  }
  return url.href.replace(/\/+$/, "");
}
