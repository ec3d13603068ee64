// A page kept by the page cache, answered with a fresh script nonce every
// time (docs/security.md, "Kept pages"). Rendered, a page carries one nonce in
// its Content-Security-Policy and on its inline scripts. Kept:
// - classic inline scripts (the Remix context, the streamed loader data) lose
//   the nonce and are allowed by their hash: they import nothing;
// - module scripts keep it ("slots"): the modules they import are trusted
//   only through it ('strict-dynamic');
// - the gzip and Brotli copies are made once, around the slots: the
//   compressor sees a placeholder there, and each answer sends the fresh
//   nonce in its own uncompressed block (deflate "stored", Brotli
//   "uncompressed meta-block") between the unchanged compressed pieces.
// A copy is checked by decompressing it with a test nonce; one that does not
// come out right is never used (the answer is then gzip or plain).
import { createHash, randomBytes } from "node:crypto";
import {
  brotliDecompressSync,
  constants,
  crc32,
  createBrotliCompress,
  deflateRawSync,
  gunzipSync,
} from "node:zlib";

const NONCE_SOURCE = /'nonce-([A-Za-z0-9+/_=-]+)'/;
const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;
const CLASSIC_TYPES = /^(|text\/javascript|application\/javascript)$/i;
// 22 distinct control characters, which HTML never contains: the compressors
// find nothing to match them with, so what follows a slot never refers to it.
const PLACEHOLDER = Buffer.from([
  1, 2, 3, 4, 5, 6, 7, 8, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27,
]);
const WINDOW = 32 * 1024;
const MAX_BLOCK = 65535;
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);

/** The nonce a policy grants, if any. */
export function nonceOf(policy) {
  return NONCE_SOURCE.exec(policy ?? "")?.[1];
}

function hashClassicScripts(html, nonce) {
  const hashes = [];
  const attribute = ` nonce="${nonce}"`;
  const rewritten = html.replace(SCRIPT, (whole, attributes, text) => {
    if (!attributes.includes(attribute) || /\bsrc\s*=/i.test(attributes)) return whole;
    const type = /\btype\s*=\s*"([^"]*)"/i.exec(attributes)?.[1]?.trim() ?? "";
    if (!CLASSIC_TYPES.test(type)) return whole;
    hashes.push(`sha256-${createHash("sha256").update(text, "latin1").digest("base64")}`);
    return `<script${attributes.replace(attribute, "")}>${text}</script>`;
  });
  return { html: rewritten, hashes: [...new Set(hashes)] };
}

/** Raw bytes as deflate stored blocks (not final). */
function storedBlocks(bytes) {
  const chunks = [];
  for (let offset = 0; offset < bytes.length; offset += MAX_BLOCK) {
    const length = Math.min(MAX_BLOCK, bytes.length - offset);
    const header = Buffer.from([
      0,
      length & 0xff,
      length >> 8,
      ~length & 0xff,
      (~length >> 8) & 0xff,
    ]);
    chunks.push(header, bytes.subarray(offset, offset + length));
  }
  return chunks;
}

/** Raw bytes as Brotli uncompressed meta-blocks (ISLAST=0, 4 nibbles of MLEN-1). */
function uncompressedMetaBlocks(bytes) {
  const chunks = [];
  for (let offset = 0; offset < bytes.length; offset += MAX_BLOCK + 1) {
    const length = Math.min(MAX_BLOCK + 1, bytes.length - offset);
    const bits = ((length - 1) << 3) | (1 << 19);
    chunks.push(Buffer.from([bits & 0xff, (bits >> 8) & 0xff, (bits >> 16) & 0xff]));
    chunks.push(bytes.subarray(offset, offset + length));
  }
  return chunks;
}

/**
 * Raw deflate of each segment, each flushed to a byte boundary; a segment
 * after a slot is compressed with what precedes it as a preset dictionary,
 * so it still refers back to the page before it.
 */
function deflatePieces(segments) {
  let seen = Buffer.alloc(0);
  return segments.map((segment, index) => {
    const last = index === segments.length - 1;
    const options = { finishFlush: last ? constants.Z_FINISH : constants.Z_SYNC_FLUSH };
    if (seen.length) options.dictionary = seen.subarray(-WINDOW);
    const piece = deflateRawSync(segment, options);
    seen = Buffer.concat([seen.subarray(-WINDOW), segment, PLACEHOLDER]);
    return piece;
  });
}

/** One Brotli stream over the whole page, flushed at each slot's edges. */
function brotliPieces(segments) {
  return new Promise((resolve, reject) => {
    const total = segments.reduce((sum, segment) => sum + segment.length, 0);
    const stream = createBrotliCompress({
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: total,
        // The literal after a slot must not depend on the slot's last bytes.
        [constants.BROTLI_PARAM_DISABLE_LITERAL_CONTEXT_MODELING]: 1,
      },
    });
    const pieces = [];
    let current = [];
    stream.on("data", (chunk) => current.push(chunk));
    stream.on("error", reject);
    const cut = () => {
      pieces.push(Buffer.concat(current));
      current = [];
    };
    const flush = () => new Promise((done) => stream.flush(constants.BROTLI_OPERATION_FLUSH, done));
    (async () => {
      for (const [index, segment] of segments.entries()) {
        stream.write(segment);
        if (index === segments.length - 1) break;
        await flush();
        cut();
        stream.write(PLACEHOLDER);
        await flush();
        current = []; // the placeholder's own bytes: replaced on every answer
      }
      stream.end();
      stream.on("end", () => {
        cut();
        resolve(pieces);
      });
    })().catch(reject);
  });
}

/**
 * crc32(segment, v) for any v, in 32 XORs: a CRC over fixed bytes is affine
 * in its starting value, so 33 CRCs of the segment, made once, stand for all.
 */
function crcContinuation(segment) {
  const base = crc32(segment, 0);
  const columns = Array.from({ length: 32 }, (_, bit) => crc32(segment, 2 ** bit) ^ base);
  return (start) => {
    let crc = base;
    for (let bit = 0; bit < 32; bit += 1) if ((start >>> bit) & 1) crc ^= columns[bit];
    return crc >>> 0;
  };
}

/**
 * Makes a kept page from a rendered one, or returns undefined when the
 * response grants no nonce (JSON, XML: kept as they are).
 */
export function keptPage(body, policy) {
  const nonce = nonceOf(policy);
  if (!nonce || Buffer.byteLength(nonce) !== PLACEHOLDER.length) return undefined;
  // latin1: one character per byte, so the bytes (UTF-8 text included) come back as they were.
  const { html, hashes } = hashClassicScripts(body.toString("latin1"), nonce);
  const segments = html.split(nonce).map((text) => Buffer.from(text, "latin1"));
  const policyParts = policy
    .replace(`'nonce-${nonce}'`, [`'nonce-${nonce}'`, ...hashes.map((h) => `'${h}'`)].join(" "))
    .split(nonce);
  const interleave = (fresh) => segments.flatMap((s, i) => (i === 0 ? [s] : [fresh, s]));
  const check = Buffer.from(randomBytes(11).toString("hex"));
  const expected = Buffer.concat(interleave(check));

  const deflated = deflatePieces(segments);
  const prefixCrc = crc32(segments[0]);
  const continuations = segments.slice(1).map(crcContinuation);
  const gzipChunks = (fresh) => {
    let crc = prefixCrc;
    const chunks = [GZIP_HEADER, deflated[0]];
    for (let index = 1; index < segments.length; index += 1) {
      chunks.push(...storedBlocks(fresh), deflated[index]);
      crc = continuations[index - 1](crc32(fresh, crc));
    }
    const trailer = Buffer.alloc(8);
    trailer.writeUInt32LE(crc, 0);
    trailer.writeUInt32LE(expected.length % 2 ** 32, 4);
    chunks.push(trailer);
    return chunks;
  };
  let brotli;
  const brotliChunks = (fresh) =>
    brotli.flatMap((piece, index) =>
      index === 0 ? [piece] : [...uncompressedMetaBlocks(fresh), piece],
    );
  const decodes = (chunks, decompress) => decompress(Buffer.concat(chunks(check))).equals(expected);
  const gzipOk = decodes(gzipChunks, gunzipSync);

  const page = {
    encodings: () => ["identity", ...(gzipOk ? ["gzip"] : []), ...(brotli ? ["br"] : [])],
    /** The policy and the body's chunks in one encoding, with `fresh` as the nonce. */
    render(fresh, encoding) {
      const freshBytes = Buffer.from(fresh);
      if (freshBytes.length !== PLACEHOLDER.length) throw new Error("Nonce of another length");
      const csp = policyParts.join(fresh);
      if (encoding === "gzip" && gzipOk) return { csp, chunks: gzipChunks(freshBytes) };
      if (encoding === "br" && brotli) return { csp, chunks: brotliChunks(freshBytes) };
      return { csp, chunks: interleave(freshBytes) };
    },
    /** Made once, off the event loop, on the page's first hit (server/page-cache.js). */
    async compressWithBrotli() {
      brotli = await brotliPieces(segments);
      if (!decodes(brotliChunks, brotliDecompressSync)) brotli = undefined;
    },
  };
  return page;
}
