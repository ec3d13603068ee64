import { Transform } from "node:stream";

const END = Buffer.from("</body></html>");

/**
 * React closes the document when the app's <html> ends; React Router then streams
 * its data scripts after it, which HTML does not allow (browsers move them
 * into the body; validators refuse the page). This passes the document
 * through with its closing tags held back and written last.
 */
export function closeDocumentLast() {
  let held = Buffer.alloc(0);
  let found = false;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      if (found) return done(null, chunk);
      const text = Buffer.concat([held, chunk]);
      const at = text.indexOf(END);
      if (at !== -1) {
        found = true;
        held = Buffer.alloc(0);
        return done(null, Buffer.concat([text.subarray(0, at), text.subarray(at + END.length)]));
      }
      // Keep what could be the start of the closing tags for the next chunk.
      const keep = Math.min(END.length - 1, text.length);
      held = text.subarray(text.length - keep);
      done(null, text.subarray(0, text.length - keep));
    },
    flush(done) {
      done(null, found ? Buffer.concat([held, END]) : held);
    },
  });
}
