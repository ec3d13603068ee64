// One client's flood of what costs a render or a query meets express-rate-limit's counter
// (docs/security.md, "Floods"): per client address, as TRUST_PROXY says who the client is.
import type { RequestHandler } from "express";
import { rateLimit, type RateLimitInfo } from "express-rate-limit";
import { RATE_LIMIT, RATE_WINDOW_MS } from "./rate-limit-policy.ts";
import { refuse } from "./request-guard.ts";

/** Counts each client's requests to the app; past the limit, a 429 until its window ends. */
export function appRateLimit(): RequestHandler {
  return rateLimit({
    windowMs: RATE_WINDOW_MS,
    limit: RATE_LIMIT,
    // No RateLimit headers on answers a cache keeps: they would be one client's, replayed to all.
    standardHeaders: false,
    legacyHeaders: false,
    // Without a trusted proxy the socket is the client, and X-Forwarded-For is a forgery to
    // ignore, not a configuration mistake to report on every request that carries it.
    validate: { xForwardedForHeader: false },
    handler(req, res) {
      const { rateLimit: info } = req as { rateLimit?: RateLimitInfo };
      const reset = info?.resetTime?.getTime() ?? Date.now() + RATE_WINDOW_MS;
      const seconds = Math.max(1, Math.ceil((reset - Date.now()) / 1000));
      refuse(res, 429, "Too many requests from your address. Please try again later.", {
        "Retry-After": String(seconds),
      });
    },
  });
}
