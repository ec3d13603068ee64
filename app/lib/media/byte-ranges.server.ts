/**
 * Range requests and the preconditions around them (RFC 9110 §13, §14), as
 * pure functions of the request's headers and the representation's size and
 * entity tag; `serve-video.server.ts` only turns the answer into a Response.
 * docs/decisions-media.md says what the video route answers and why.
 */

/** An inclusive byte range, as Content-Range writes it (`bytes start-end/size`). */
export interface ByteRange {
  start: number;
  end: number;
}

/** One range-spec as sent (§14.1.1): `first-last`, `first-`, or `-suffix`. */
export type RangeSpec =
  { kind: "int"; first: bigint; last: bigint | undefined } | { kind: "suffix"; length: bigint };

/**
 * More range-specs than this and the Range field is ignored (200, whole file).
 * Browsers ask for one; many small ranges are what §17.15 warns about.
 */
export const MAX_RANGES = 16;

const OWS = /^[ \t]*|[ \t]*$/g;
const INT_RANGE = /^(\d+)-(\d*)$/;
const SUFFIX_RANGE = /^-(\d+)$/;

/**
 * Reads a Range field value as a `bytes` ranges-specifier (§14.1.1, §14.1.2):
 * the unit compared case-insensitively, range-specs separated by commas with
 * optional whitespace, empty list elements skipped (§5.6.1). Returns null when
 * the value is not one (another unit, a malformed or backwards range-spec, no
 * range-spec at all): such a field is ignored (§14.2).
 */
export function parseRangeHeader(value: string): RangeSpec[] | null {
  const equals = value.indexOf("=");
  if (equals < 0) return null;
  if (value.slice(0, equals).toLowerCase() !== "bytes") return null;
  const specs: RangeSpec[] = [];
  for (const element of value.slice(equals + 1).split(",")) {
    const item = element.replace(OWS, "");
    if (item === "") continue;
    const int = INT_RANGE.exec(item);
    if (int) {
      const first = BigInt(int[1]!);
      const last = int[2] ? BigInt(int[2]) : undefined;
      // "An int-range is invalid if the last-pos value is present and less than the first-pos."
      if (last !== undefined && last < first) return null;
      specs.push({ kind: "int", first, last });
      continue;
    }
    const suffix = SUFFIX_RANGE.exec(item);
    if (!suffix) return null;
    specs.push({ kind: "suffix", length: BigInt(suffix[1]!) });
  }
  return specs.length > 0 ? specs : null;
}

/**
 * The bytes a range-spec selects from a representation of `size` bytes, or
 * undefined when it is unsatisfiable (§14.1.1): an int-range whose first-pos
 * is at or past the end, a suffix-range of length 0. A last-pos past the end
 * and a suffix longer than the representation mean "to the end" (§14.1.2).
 */
export function resolveRange(spec: RangeSpec, size: number): ByteRange | undefined {
  const length = BigInt(size);
  if (spec.kind === "suffix") {
    if (spec.length === 0n || length === 0n) return undefined;
    const start = spec.length >= length ? 0n : length - spec.length;
    return { start: Number(start), end: size - 1 };
  }
  if (spec.first >= length) return undefined;
  const end = spec.last === undefined || spec.last >= length ? length - 1n : spec.last;
  return { start: Number(spec.first), end: Number(end) };
}

/**
 * Joins ranges that overlap or touch (§15.3.7.2 allows it "regardless of the
 * order"), so no byte is sent twice. The result keeps the order in which the
 * ranges were asked for: each merged range sits where its earliest member was.
 */
export function coalesceRanges(ranges: readonly ByteRange[]): ByteRange[] {
  const sorted = ranges
    .map((range, order) => ({ ...range, order }))
    .sort((a, b) => a.start - b.start || a.end - b.end);
  const merged: Array<ByteRange & { order: number }> = [];
  for (const range of sorted) {
    const last = merged[merged.length - 1];
    if (last && range.start <= last.end + 1) {
      last.end = Math.max(last.end, range.end);
      last.order = Math.min(last.order, range.order);
    } else {
      merged.push({ ...range });
    }
  }
  return merged.sort((a, b) => a.order - b.order).map(({ start, end }) => ({ start, end }));
}

/** What a Range field asks of a representation, before any precondition. */
export type RangeDecision =
  | { kind: "whole"; reason: "absent" | "invalid" | "too-many" | "empty" }
  | { kind: "unsatisfiable" }
  | { kind: "partial"; ranges: ByteRange[] };

/**
 * The ranges to send for a Range field value (null: no field): every
 * satisfiable range-spec, coalesced, in the order asked; "unsatisfiable" when
 * none is (416); "whole" when the field is to be ignored: invalid, more than
 * `maxRanges` range-specs (§14.2 and §17.15 allow ignoring or refusing them;
 * ignoring costs no more than one `bytes=0-`), or an empty representation
 * (§14.2 lets a server ignore Range on one; Content-Range could not describe
 * the nothing that a satisfiable suffix-range would select from it).
 */
export function decideRanges(
  value: string | null,
  size: number,
  maxRanges = MAX_RANGES,
): RangeDecision {
  if (value === null) return { kind: "whole", reason: "absent" };
  const specs = parseRangeHeader(value);
  if (!specs) return { kind: "whole", reason: "invalid" };
  if (specs.length > maxRanges) return { kind: "whole", reason: "too-many" };
  if (size === 0) return { kind: "whole", reason: "empty" };
  const ranges = specs
    .map((spec) => resolveRange(spec, size))
    .filter((range): range is ByteRange => range !== undefined);
  if (ranges.length === 0) return { kind: "unsatisfiable" };
  return { kind: "partial", ranges: coalesceRanges(ranges) };
}

/** An entity tag (§8.8.3): `opaque` is the quoted string, quotes included. */
export interface EntityTag {
  weak: boolean;
  opaque: string;
}

const ENTITY_TAG = /(W\/)?("[\x21\x23-\x7e\x80-\xff]*")/y;

/** Reads one entity tag; null when the value is not exactly one. */
export function parseEntityTag(value: string): EntityTag | null {
  const tags = parseEntityTags(value);
  return Array.isArray(tags) && tags.length === 1 ? tags[0]! : null;
}

/**
 * Reads an If-Match or If-None-Match value (§13.1.1, §13.1.2): `*`, or a list
 * of entity tags separated by commas (a tag's quotes may hold a comma; empty
 * list elements are skipped). Null when malformed.
 */
export function parseEntityTags(value: string): "*" | EntityTag[] | null {
  if (value.trim() === "*") return "*";
  const tags: EntityTag[] = [];
  let at = 0;
  let afterTag = false;
  while (at < value.length) {
    const char = value[at];
    if (char === " " || char === "\t") {
      at += 1;
    } else if (char === ",") {
      afterTag = false;
      at += 1;
    } else {
      if (afterTag) return null;
      ENTITY_TAG.lastIndex = at;
      const match = ENTITY_TAG.exec(value);
      if (!match) return null;
      tags.push({ weak: match[1] !== undefined, opaque: match[2]! });
      at = ENTITY_TAG.lastIndex;
      afterTag = true;
    }
  }
  return tags.length > 0 ? tags : null;
}

/** Strong comparison (§8.8.3.2): both strong, same opaque tag. */
export function strongMatch(a: EntityTag, b: EntityTag) {
  return !a.weak && !b.weak && a.opaque === b.opaque;
}

/** Weak comparison (§8.8.3.2): same opaque tag, weak or not. */
export function weakMatch(a: EntityTag, b: EntityTag) {
  return a.opaque === b.opaque;
}

/**
 * If-Range (§13.1.5): true when its entity tag strongly matches the current
 * one. A weak tag never matches; a date neither, since these answers carry no
 * Last-Modified for it to equal. On false the Range field is ignored.
 */
export function ifRangeMatches(value: string, current: EntityTag) {
  const tag = parseEntityTag(value);
  return tag !== null && strongMatch(tag, current);
}

export interface RequestLike {
  method: string;
  headers: Headers;
}

/** What to answer, before building a Response. */
export type Answer =
  | { status: 200 }
  | { status: 206; ranges: ByteRange[] }
  | { status: 304 }
  | { status: 412 }
  | { status: 416 };

/**
 * Evaluates a GET or HEAD in §13.2.2's order: If-Match (412), If-None-Match
 * (304), then If-Range and Range (§14.2: range handling is defined for GET
 * only, so a HEAD's Range is ignored). If-Modified-Since and
 * If-Unmodified-Since are ignored: the answers carry no Last-Modified.
 * `size` undefined means the representation is not served in ranges.
 */
export function answerRequest(
  request: RequestLike,
  current: { etag: string; size?: number },
  maxRanges = MAX_RANGES,
): Answer {
  const tag = parseEntityTag(current.etag);
  if (!tag) throw new Error(`Not an entity tag: ${current.etag}`);
  const ifMatch = request.headers.get("If-Match");
  if (ifMatch !== null) {
    const tags = parseEntityTags(ifMatch);
    if (tags !== "*" && !tags?.some((candidate) => strongMatch(candidate, tag))) {
      return { status: 412 };
    }
  }
  const ifNoneMatch = request.headers.get("If-None-Match");
  if (ifNoneMatch !== null) {
    const tags = parseEntityTags(ifNoneMatch);
    if (tags === "*" || tags?.some((candidate) => weakMatch(candidate, tag))) {
      return { status: 304 };
    }
  }
  if (request.method !== "GET" || current.size === undefined) return { status: 200 };
  const range = request.headers.get("Range");
  if (range === null) return { status: 200 };
  const ifRange = request.headers.get("If-Range");
  if (ifRange !== null && !ifRangeMatches(ifRange, tag)) return { status: 200 };
  const decision = decideRanges(range, current.size, maxRanges);
  if (decision.kind === "whole") return { status: 200 };
  if (decision.kind === "unsatisfiable") return { status: 416 };
  return { status: 206, ranges: decision.ranges };
}

/** `bytes start-end/size`, a Content-Range value (§14.4). */
export function contentRange(range: ByteRange, size: number) {
  return `bytes ${range.start}-${range.end}/${size}`;
}

/** The bytes of a multipart/byteranges body (§14.6) around each part's data. */
export interface MultipartLayout {
  /** The Content-Type of the whole answer. */
  contentType: string;
  /** Each part: the text before its data (delimiter and part headers), and its range. */
  parts: Array<{ head: string; range: ByteRange }>;
  /** The close delimiter, after the last part's data. */
  tail: string;
  /** The body's exact length in bytes, for Content-Length. */
  length: number;
}

/**
 * Lays out a multipart/byteranges body (§14.6, §15.3.7.2; delimiters as in
 * RFC 2046 §5.1.1): each part has its own Content-Type and Content-Range, and
 * the length is exact, so the body can stream from disk part by part.
 */
export function multipartLayout(
  ranges: readonly ByteRange[],
  size: number,
  type: string,
  boundary: string,
): MultipartLayout {
  if (!/^[0-9A-Za-z'()+_,./:=?-]{1,70}$/.test(boundary)) {
    throw new Error(`Not a usable multipart boundary: ${boundary}`);
  }
  const parts = ranges.map((range, index) => ({
    head:
      `${index === 0 ? "" : "\r\n"}--${boundary}\r\n` +
      `Content-Type: ${type}\r\n` +
      `Content-Range: ${contentRange(range, size)}\r\n\r\n`,
    range,
  }));
  const tail = `\r\n--${boundary}--\r\n`;
  const length = parts.reduce(
    (sum, part) => sum + Buffer.byteLength(part.head) + (part.range.end - part.range.start + 1),
    Buffer.byteLength(tail),
  );
  return { contentType: `multipart/byteranges; boundary=${boundary}`, parts, tail, length };
}
