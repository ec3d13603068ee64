import { describe, expect, it } from "vitest";
import {
  answerRequest,
  coalesceRanges,
  contentRange,
  decideRanges,
  ifRangeMatches,
  MAX_RANGES,
  multipartLayout,
  parseEntityTag,
  parseEntityTags,
  parseRangeHeader,
  resolveRange,
  strongMatch,
  weakMatch,
} from "./byte-ranges.server";

const int = (first: number | bigint, last?: number | bigint) => ({
  kind: "int" as const,
  first: BigInt(first),
  last: last === undefined ? undefined : BigInt(last),
});
const suffix = (length: number) => ({ kind: "suffix" as const, length: BigInt(length) });

describe("parseRangeHeader (RFC 9110 §14.1.1)", () => {
  it("reads int-ranges, open ranges and suffix ranges", () => {
    expect(parseRangeHeader("bytes=0-499")).toEqual([int(0, 499)]);
    expect(parseRangeHeader("bytes=500-")).toEqual([int(500)]);
    expect(parseRangeHeader("bytes=-500")).toEqual([suffix(500)]);
    expect(parseRangeHeader("bytes=0-0,-1")).toEqual([int(0, 0), suffix(1)]);
  });

  it("compares the unit case-insensitively and allows whitespace and empty elements in the list", () => {
    expect(parseRangeHeader("Bytes=0-1")).toEqual([int(0, 1)]);
    expect(parseRangeHeader("BYTES=0-1")).toEqual([int(0, 1)]);
    expect(parseRangeHeader("bytes=0-1 ,\t5-9")).toEqual([int(0, 1), int(5, 9)]);
    expect(parseRangeHeader("bytes=0-1,,5-9,")).toEqual([int(0, 1), int(5, 9)]);
  });

  it("keeps numbers past 2^53 exact", () => {
    expect(parseRangeHeader("bytes=9007199254740993-9007199254740993")).toEqual([
      { kind: "int", first: 9007199254740993n, last: 9007199254740993n },
    ]);
    // Equal as doubles, yet last < first: invalid.
    expect(parseRangeHeader("bytes=9007199254740993-9007199254740992")).toBeNull();
  });

  it.each([
    ["another unit", "items=0-1"],
    ["no unit", "0-1"],
    ["no equals sign", "bytes 0-1"],
    ["a space before the equals sign", "bytes =0-1"],
    ["an empty range-set", "bytes="],
    ["only commas", "bytes=,,"],
    ["a backwards int-range", "bytes=5-1"],
    ["a lone dash", "bytes=-"],
    ["a negative position", "bytes=--1"],
    ["three positions", "bytes=0-1-2"],
    ["a letter", "bytes=a-1"],
    ["a sign", "bytes=+1-2"],
    ["a decimal", "bytes=1.5-2"],
    ["non-ASCII digits", "bytes=١-٢"],
    ["one bad spec among good ones", "bytes=0-1,x,5-9"],
    ["a second unit", "bytes=0-1, bytes=2-3"],
  ])("refuses %s (%s)", (_, value) => {
    expect(parseRangeHeader(value)).toBeNull();
  });
});

describe("resolveRange (RFC 9110 §14.1.2)", () => {
  it("selects inclusive positions and clamps a last-pos past the end", () => {
    expect(resolveRange(int(0, 499), 1000)).toEqual({ start: 0, end: 499 });
    expect(resolveRange(int(0, 0), 1000)).toEqual({ start: 0, end: 0 });
    expect(resolveRange(int(999, 999), 1000)).toEqual({ start: 999, end: 999 });
    expect(resolveRange(int(900, 5000), 1000)).toEqual({ start: 900, end: 999 });
    expect(resolveRange(int(900, 99999999999999999999n), 1000)).toEqual({ start: 900, end: 999 });
  });

  it("reads an open range to the end", () => {
    expect(resolveRange(int(500), 1000)).toEqual({ start: 500, end: 999 });
    expect(resolveRange(int(0), 1000)).toEqual({ start: 0, end: 999 });
  });

  it("reads a suffix range as the last bytes, the whole when longer", () => {
    expect(resolveRange(suffix(500), 1000)).toEqual({ start: 500, end: 999 });
    expect(resolveRange(suffix(1), 1000)).toEqual({ start: 999, end: 999 });
    expect(resolveRange(suffix(1000), 1000)).toEqual({ start: 0, end: 999 });
    expect(resolveRange(suffix(5000), 1000)).toEqual({ start: 0, end: 999 });
  });

  it("finds a first-pos at or past the end and a zero-length suffix unsatisfiable", () => {
    expect(resolveRange(int(1000), 1000)).toBeUndefined();
    expect(resolveRange(int(1000, 2000), 1000)).toBeUndefined();
    expect(resolveRange(int(99999999999999999999n), 1000)).toBeUndefined();
    expect(resolveRange(suffix(0), 1000)).toBeUndefined();
    expect(resolveRange(suffix(1), 0)).toBeUndefined();
  });
});

describe("coalesceRanges (RFC 9110 §15.3.7.2)", () => {
  const r = (start: number, end: number) => ({ start, end });

  it("leaves disjoint ranges alone, in the order asked", () => {
    expect(coalesceRanges([r(0, 1), r(5, 9)])).toEqual([r(0, 1), r(5, 9)]);
    expect(coalesceRanges([r(500, 599), r(0, 99)])).toEqual([r(500, 599), r(0, 99)]);
  });

  it("joins overlapping and adjacent ranges", () => {
    expect(coalesceRanges([r(0, 4), r(5, 9)])).toEqual([r(0, 9)]);
    expect(coalesceRanges([r(0, 5), r(3, 9)])).toEqual([r(0, 9)]);
    expect(coalesceRanges([r(0, 9), r(2, 3)])).toEqual([r(0, 9)]);
    expect(coalesceRanges([r(0, 0), r(0, 0), r(0, 0)])).toEqual([r(0, 0)]);
    // A gap of one byte is a gap.
    expect(coalesceRanges([r(0, 4), r(6, 9)])).toEqual([r(0, 4), r(6, 9)]);
  });

  it("puts a merged range where its earliest member was asked for", () => {
    expect(coalesceRanges([r(50, 59), r(20, 29), r(0, 9), r(25, 40)])).toEqual([
      r(50, 59),
      r(20, 40),
      r(0, 9),
    ]);
    // A range asked last bridges the first two into one, which comes first.
    expect(coalesceRanges([r(0, 9), r(100, 109), r(50, 59), r(10, 99)])).toEqual([r(0, 109)]);
  });

  it("returns nothing for nothing", () => {
    expect(coalesceRanges([])).toEqual([]);
  });
});

describe("decideRanges", () => {
  it("ignores an absent, invalid or too long Range field, and any on an empty file", () => {
    expect(decideRanges(null, 1000)).toEqual({ kind: "whole", reason: "absent" });
    expect(decideRanges("bytes=oops", 1000)).toEqual({ kind: "whole", reason: "invalid" });
    expect(decideRanges("pages=1-2", 1000)).toEqual({ kind: "whole", reason: "invalid" });
    expect(decideRanges("bytes=0-1", 0)).toEqual({ kind: "whole", reason: "empty" });
    expect(decideRanges("bytes=-5", 0)).toEqual({ kind: "whole", reason: "empty" });
  });

  it(`ignores more than ${MAX_RANGES} range-specs, counted as sent`, () => {
    const specs = (n: number) =>
      "bytes=" + Array.from({ length: n }, (_, i) => `${i * 10}-${i * 10 + 1}`).join(",");
    expect(decideRanges(specs(MAX_RANGES), 1000).kind).toBe("partial");
    expect(decideRanges(specs(MAX_RANGES + 1), 1000)).toEqual({
      kind: "whole",
      reason: "too-many",
    });
    // Even when they would coalesce into one: the count is what a scanner sends.
    expect(
      decideRanges(
        "bytes=" +
          Array(MAX_RANGES + 1)
            .fill("0-0")
            .join(","),
        1000,
      ),
    ).toEqual({
      kind: "whole",
      reason: "too-many",
    });
    expect(decideRanges(specs(3), 1000, 2)).toEqual({ kind: "whole", reason: "too-many" });
  });

  it("finds a set with no satisfiable range unsatisfiable", () => {
    expect(decideRanges("bytes=1000-", 1000)).toEqual({ kind: "unsatisfiable" });
    expect(decideRanges("bytes=1000-1005,2000-", 1000)).toEqual({ kind: "unsatisfiable" });
    expect(decideRanges("bytes=-0", 1000)).toEqual({ kind: "unsatisfiable" });
  });

  it("drops the unsatisfiable ranges of a set and coalesces the rest", () => {
    expect(decideRanges("bytes=0-1,5-9", 1000)).toEqual({
      kind: "partial",
      ranges: [
        { start: 0, end: 1 },
        { start: 5, end: 9 },
      ],
    });
    expect(decideRanges("bytes=2000-,0-1", 1000)).toEqual({
      kind: "partial",
      ranges: [{ start: 0, end: 1 }],
    });
    expect(decideRanges("bytes=0-4,5-9,-1", 10)).toEqual({
      kind: "partial",
      ranges: [{ start: 0, end: 9 }],
    });
  });
});

describe("entity tags (RFC 9110 §8.8.3)", () => {
  it("reads strong and weak tags", () => {
    expect(parseEntityTag('"abc"')).toEqual({ weak: false, opaque: '"abc"' });
    expect(parseEntityTag('W/"abc"')).toEqual({ weak: true, opaque: '"abc"' });
    expect(parseEntityTag('""')).toEqual({ weak: false, opaque: '""' });
    expect(parseEntityTag(' "abc" ')).toEqual({ weak: false, opaque: '"abc"' });
  });

  it.each(["abc", 'w/"abc"', '"abc', '"a"b"', '"a b"', '"a" "b"', "", '"a","b"'])(
    "refuses %j as one tag",
    (value) => {
      expect(parseEntityTag(value)).toBeNull();
    },
  );

  it("reads lists, a star, commas inside quotes and empty elements", () => {
    expect(parseEntityTags("*")).toBe("*");
    expect(parseEntityTags(" * ")).toBe("*");
    expect(parseEntityTags('"a", W/"b" ,"c"')).toEqual([
      { weak: false, opaque: '"a"' },
      { weak: true, opaque: '"b"' },
      { weak: false, opaque: '"c"' },
    ]);
    expect(parseEntityTags('"a,b"')).toEqual([{ weak: false, opaque: '"a,b"' }]);
    expect(parseEntityTags(', "a",,"b",')).toEqual([
      { weak: false, opaque: '"a"' },
      { weak: false, opaque: '"b"' },
    ]);
  });

  it.each(['"a" "b"', '"a"x', "a", '"a", *', ",", "", '"a', 'W/ "a"'])(
    "refuses the list %j",
    (value) => {
      expect(parseEntityTags(value)).toBeNull();
    },
  );

  it("compares strongly and weakly as the table in §8.8.3.2 does", () => {
    const w1 = { weak: true, opaque: '"1"' };
    const w2 = { weak: true, opaque: '"2"' };
    const s1 = { weak: false, opaque: '"1"' };
    expect([strongMatch(w1, w1), weakMatch(w1, w1)]).toEqual([false, true]);
    expect([strongMatch(w1, w2), weakMatch(w1, w2)]).toEqual([false, false]);
    expect([strongMatch(w1, s1), weakMatch(w1, s1)]).toEqual([false, true]);
    expect([strongMatch(s1, s1), weakMatch(s1, s1)]).toEqual([true, true]);
  });

  it("lets only the same strong tag match If-Range (§13.1.5)", () => {
    const current = { weak: false, opaque: '"v1"' };
    expect(ifRangeMatches('"v1"', current)).toBe(true);
    expect(ifRangeMatches(' "v1" ', current)).toBe(true);
    expect(ifRangeMatches('"v2"', current)).toBe(false);
    expect(ifRangeMatches('W/"v1"', current)).toBe(false);
    expect(ifRangeMatches('"v1", "v2"', current)).toBe(false);
    expect(ifRangeMatches("*", current)).toBe(false);
    expect(ifRangeMatches("Wed, 21 Oct 2015 07:28:00 GMT", current)).toBe(false);
    expect(ifRangeMatches('"v1"', { weak: true, opaque: '"v1"' })).toBe(false);
  });
});

describe("answerRequest (RFC 9110 §13.2.2)", () => {
  const etag = '"v1"';
  const size = 1000;
  const ask = (headers: Record<string, string>, method = "GET") =>
    answerRequest({ method, headers: new Headers(headers) }, { etag, size });

  it("answers a plain GET or HEAD with the whole representation", () => {
    expect(ask({})).toEqual({ status: 200 });
    expect(ask({}, "HEAD")).toEqual({ status: 200 });
  });

  it("answers ranges of a GET, 416 when none is satisfiable, the whole when the field is bad", () => {
    expect(ask({ Range: "bytes=0-99" })).toEqual({ status: 206, ranges: [{ start: 0, end: 99 }] });
    expect(ask({ Range: "bytes=-500" })).toEqual({
      status: 206,
      ranges: [{ start: 500, end: 999 }],
    });
    expect(ask({ Range: "bytes=500-" })).toEqual({
      status: 206,
      ranges: [{ start: 500, end: 999 }],
    });
    expect(ask({ Range: "bytes=1000-" })).toEqual({ status: 416 });
    expect(ask({ Range: "bytes=9-1" })).toEqual({ status: 200 });
  });

  it("ignores Range on HEAD, for which range handling is not defined (§14.2)", () => {
    expect(ask({ Range: "bytes=0-99" }, "HEAD")).toEqual({ status: 200 });
    expect(ask({ Range: "bytes=1000-" }, "HEAD")).toEqual({ status: 200 });
  });

  it("ignores Range for a representation not served in ranges", () => {
    const answer = answerRequest(
      { method: "GET", headers: new Headers({ Range: "bytes=0-1" }) },
      { etag: 'W/"p"' },
    );
    expect(answer).toEqual({ status: 200 });
  });

  it("honours If-Range: the ranges when it matches, the whole file when not", () => {
    expect(ask({ Range: "bytes=0-9", "If-Range": etag })).toEqual({
      status: 206,
      ranges: [{ start: 0, end: 9 }],
    });
    for (const stale of ['"v0"', 'W/"v1"', "Wed, 21 Oct 2015 07:28:00 GMT", "garbage"]) {
      expect(ask({ Range: "bytes=0-9", "If-Range": stale }), stale).toEqual({ status: 200 });
    }
    // Not even 416: a Range field that If-Range voids is never looked at.
    expect(ask({ Range: "bytes=5000-", "If-Range": '"v0"' })).toEqual({ status: 200 });
    expect(ask({ "If-Range": '"v0"' })).toEqual({ status: 200 });
  });

  it("answers If-None-Match with 304 on a weak match, before any range", () => {
    for (const value of [etag, 'W/"v1"', '"x", "v1"', "*"]) {
      expect(ask({ "If-None-Match": value }), value).toEqual({ status: 304 });
      expect(ask({ "If-None-Match": value }, "HEAD"), value).toEqual({ status: 304 });
      expect(ask({ "If-None-Match": value, Range: "bytes=0-1" }), value).toEqual({
        status: 304,
      });
    }
    expect(ask({ "If-None-Match": '"v0"' })).toEqual({ status: 200 });
    expect(ask({ "If-None-Match": "not a tag" })).toEqual({ status: 200 });
    expect(ask({ "If-None-Match": '"v0"', Range: "bytes=0-1" })).toEqual({
      status: 206,
      ranges: [{ start: 0, end: 1 }],
    });
  });

  it("answers If-Match that no tag strongly matches with 412, before If-None-Match", () => {
    expect(ask({ "If-Match": '"v0"' })).toEqual({ status: 412 });
    expect(ask({ "If-Match": 'W/"v1"' })).toEqual({ status: 412 });
    expect(ask({ "If-Match": "junk" })).toEqual({ status: 412 });
    expect(ask({ "If-Match": '"v0", "v1"' })).toEqual({ status: 200 });
    expect(ask({ "If-Match": "*", Range: "bytes=0-1" })).toEqual({
      status: 206,
      ranges: [{ start: 0, end: 1 }],
    });
    expect(ask({ "If-Match": '"v0"', "If-None-Match": etag })).toEqual({ status: 412 });
  });

  it("refuses a current validator that is not an entity tag", () => {
    expect(() =>
      answerRequest({ method: "GET", headers: new Headers() }, { etag: "v1" }),
    ).toThrow();
  });
});

describe("multipartLayout (RFC 9110 §14.6)", () => {
  it("writes each part's headers and counts the body's bytes exactly", () => {
    const ranges = [
      { start: 0, end: 1 },
      { start: 5, end: 9 },
    ];
    const layout = multipartLayout(ranges, 1000, "video/mp4", "XYZ");
    expect(layout.contentType).toBe("multipart/byteranges; boundary=XYZ");
    expect(layout.parts.map((part) => part.head)).toEqual([
      "--XYZ\r\nContent-Type: video/mp4\r\nContent-Range: bytes 0-1/1000\r\n\r\n",
      "\r\n--XYZ\r\nContent-Type: video/mp4\r\nContent-Range: bytes 5-9/1000\r\n\r\n",
    ]);
    expect(layout.parts.map((part) => part.range)).toEqual(ranges);
    expect(layout.tail).toBe("\r\n--XYZ--\r\n");
    const data = (range: { start: number; end: number }) => "x".repeat(range.end - range.start + 1);
    const body = layout.parts.map((part) => part.head + data(part.range)).join("") + layout.tail;
    expect(layout.length).toBe(body.length);
  });

  it("refuses a boundary that RFC 2046 would not allow", () => {
    expect(() => multipartLayout([{ start: 0, end: 0 }], 1, "video/mp4", "a b")).toThrow();
    expect(() => multipartLayout([{ start: 0, end: 0 }], 1, "video/mp4", "")).toThrow();
    expect(() => multipartLayout([{ start: 0, end: 0 }], 1, "video/mp4", "a".repeat(71))).toThrow();
  });

  it("writes Content-Range values", () => {
    expect(contentRange({ start: 0, end: 0 }, 1)).toBe("bytes 0-0/1");
    expect(contentRange({ start: 500, end: 999 }, 1000)).toBe("bytes 500-999/1000");
  });
});
