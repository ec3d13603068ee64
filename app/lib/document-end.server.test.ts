import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { closeDocumentLast } from "./document-end.server";

async function through(chunks: string[]) {
  const out: Buffer[] = [];
  for await (const chunk of Readable.from(chunks.map((c) => Buffer.from(c))).pipe(
    closeDocumentLast(),
  )) {
    out.push(chunk as Buffer);
  }
  return Buffer.concat(out).toString();
}

describe("closeDocumentLast", () => {
  const page = `<!DOCTYPE html><html><body><main>Ünïcode</main></body></html><script>late()</script>`;
  const expected = `<!DOCTYPE html><html><body><main>Ünïcode</main><script>late()</script></body></html>`;

  it.each([1, 2, 5, 13, 14, 1000])(
    "moves the closing tags after streamed scripts (%i-byte chunks)",
    async (size) => {
      const bytes = Buffer.from(page);
      const chunks: string[] = [];
      for (let offset = 0; offset < bytes.length; offset += size) {
        chunks.push(bytes.subarray(offset, offset + size).toString("latin1"));
      }
      const out: Buffer[] = [];
      const source = Readable.from(chunks.map((c) => Buffer.from(c, "latin1")));
      for await (const chunk of source.pipe(closeDocumentLast())) out.push(chunk as Buffer);
      expect(Buffer.concat(out).toString()).toBe(expected);
    },
  );

  it("leaves a document without the tags as it is", async () => {
    expect(await through(["<p>frag", "ment</p>"])).toBe("<p>fragment</p>");
  });
});
