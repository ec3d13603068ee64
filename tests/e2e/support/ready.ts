/**
 * Waits until a freshly started server answers `path` with 200. The bundled
 * dataset loads on the first request, and on a busy machine that can outlast
 * the content timeout once (a 503); a test not about the first hit waits here.
 */
export async function waitUntilReady(baseUrl: string, path = "/", timeoutMs = 90_000) {
  const started = Date.now();
  for (;;) {
    const response = await fetch(baseUrl + path, { headers: { "Cache-Control": "no-cache" } });
    await response.arrayBuffer();
    if (response.status === 200) return;
    if (Date.now() - started > timeoutMs) {
      throw new Error(`${baseUrl}${path} still answers ${response.status} after ${timeoutMs} ms`);
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}
