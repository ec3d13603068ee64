import { brotliDecompressSync } from "node:zlib";

// The table tags WOFF2 names by index (the WOFF2 spec, "Known Table Tags").
const KNOWN_TAGS = (
  "cmap head hhea hmtx maxp name OS/2 post cvt  fpgm glyf loca prep CFF  VORG EBDT EBLC gasp " +
  "hdmx kern LTSH PCLT VDMX vhea vmtx BASE GDEF GPOS GSUB EBSC JSTF MATH CBDT CBLC COLR CPAL " +
  "SVG  sbix acnt avar bdat bloc bsln cvar fdsc feat fmtx fvar gvar hsty just lcar mort morx " +
  "opbd prop trak Zapf Silf Glat Gloc Feat Sill"
)
  .match(/.{4}\s?/g)!
  .map((tag) => tag.slice(0, 4));

/** WOFF2's variable-length unsigned integer; returns the value and the next offset. */
function base128(bytes: Buffer, offset: number): [number, number] {
  let value = 0;
  for (let i = 0; i < 5; i++) {
    const byte = bytes[offset + i]!;
    value = value * 128 + (byte & 0x7f);
    if (!(byte & 0x80)) return [value, offset + i + 1];
  }
  throw new Error("bad UIntBase128");
}

/** The untransformed tables of a WOFF2 file, by tag (glyf and loca come back transformed). */
export function woff2Tables(file: Buffer): Map<string, Buffer> {
  if (file.toString("latin1", 0, 4) !== "wOF2") throw new Error("not a WOFF2 file");
  const count = file.readUInt16BE(12);
  const compressedLength = file.readUInt32BE(20);
  let offset = 48;
  const entries: { tag: string; length: number }[] = [];
  for (let i = 0; i < count; i++) {
    const flags = file[offset++]!;
    let tag = KNOWN_TAGS[flags & 0x3f];
    if ((flags & 0x3f) === 63) {
      tag = file.toString("latin1", offset, offset + 4);
      offset += 4;
    }
    let length: number;
    [length, offset] = base128(file, offset);
    const version = flags >> 6;
    const transformed = tag === "glyf" || tag === "loca" ? version === 0 : version !== 0;
    if (transformed) [length, offset] = base128(file, offset);
    entries.push({ tag: tag!, length });
  }
  const data = brotliDecompressSync(file.subarray(offset, offset + compressedLength));
  const tables = new Map<string, Buffer>();
  let at = 0;
  for (const { tag, length } of entries) {
    tables.set(tag, data.subarray(at, at + length));
    at += length;
  }
  return tables;
}

/** The feature tags of a GSUB or GPOS table (its FeatureList). */
export function layoutFeatures(table: Buffer | undefined): string[] {
  if (!table) return [];
  const list = table.readUInt16BE(6);
  const count = table.readUInt16BE(list);
  return Array.from({ length: count }, (_, i) =>
    table.toString("latin1", list + 2 + i * 6, list + 6 + i * 6),
  );
}
