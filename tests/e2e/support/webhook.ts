import { encodeSignatureHeader, SIGNATURE_HEADER_NAME } from "@sanity/webhook";

/** The publish webhook Sanity sends for a changed document, signed with `secret`. */
export async function sendWebhook(baseUrl: string, secret: string, doc: Record<string, unknown>) {
  const body = JSON.stringify(doc);
  return fetch(`${baseUrl}/api/revalidate`, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      [SIGNATURE_HEADER_NAME]: await encodeSignatureHeader(body, Date.now(), secret),
    },
    body,
  });
}
