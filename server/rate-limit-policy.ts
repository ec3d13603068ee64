// The limit per client (server/rate-limit.ts), apart so tests can read it without the server.

/**
 * Requests to the app per client in a window: far above a visitor's (a page and its data
 * requests, a handful a minute) and above the browser tests', which all come from one loopback
 * address (docs/decisions/012-rate-limit-per-client.md).
 */
export const RATE_LIMIT = 1_200;
export const RATE_WINDOW_MS = 60_000;
