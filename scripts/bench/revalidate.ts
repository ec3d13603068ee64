/**
 * npm run bench:revalidate — time from a valid webhook to the new content
 * being served, on the bundled dataset and on a local fake of Sanity's API.
 * Prints figures; asserts nothing.
 */
import { encodeSignatureHeader, SIGNATURE_HEADER_NAME } from "@sanity/webhook";
import { BUNDLED_DATASET } from "../../tests/support/dataset";
import { startFakeSanity } from "../../tests/support/fake-sanity";
import { copyDataset } from "../../tests/support/temp-dataset";
import { percentile, requireBuild, startProductionServer } from "./util";

const SECRET = "bench-webhook-secret";
const ROUNDS = 10;

async function timeRound(
  baseUrl: string,
  publish: (title: string) => Promise<void>,
  round: number,
) {
  const title = `Legal, revision ${round}-${Date.now()}`;
  await publish(title);
  const body = JSON.stringify({ _id: "legalPage", _type: "legalPage" });
  const started = performance.now();
  const hook = await fetch(`${baseUrl}/api/revalidate`, {
    method: "POST",
    headers: { [SIGNATURE_HEADER_NAME]: await encodeSignatureHeader(body, Date.now(), SECRET) },
    body,
  });
  if (!hook.ok) throw new Error(`webhook answered ${hook.status}`);
  for (;;) {
    const html = await (await fetch(`${baseUrl}/legal`)).text();
    if (html.includes(title)) return performance.now() - started;
    if (performance.now() - started > 10_000) throw new Error("new content never showed");
  }
}

async function bench(label: string, baseUrl: string, publish: (title: string) => Promise<void>) {
  await fetch(`${baseUrl}/legal`); // warm: the page is cached before each publish
  const times: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    times.push(await timeRound(baseUrl, publish, round));
    await fetch(`${baseUrl}/legal`);
  }
  console.log(
    `${label.padEnd(22)} webhook → new content served: median ${percentile(times, 50).toFixed(1)} ms, p95 ${percentile(times, 95).toFixed(1)} ms, max ${Math.max(...times).toFixed(1)} ms (${ROUNDS} publishes)`,
  );
}

requireBuild();

const dataset = await copyDataset(BUNDLED_DATASET);
const bundled = await startProductionServer({
  PORT: "3901",
  CONTENT_DIR: dataset.dir,
  SANITY_WEBHOOK_SECRET: SECRET,
});
try {
  await bench("bundled dataset", bundled.url, (title) =>
    dataset.edit("legalPage", (doc) => ({ ...doc, title })),
  );
} finally {
  await bundled.stop();
}

const fake = await startFakeSanity(BUNDLED_DATASET);
const sanity = await startProductionServer({
  PORT: "3902",
  SANITY_PROJECT_ID: "bench",
  SANITY_DATASET: "production",
  SANITY_API_HOST: fake.url,
  SANITY_WEBHOOK_SECRET: SECRET,
});
try {
  await bench("Sanity API (local fake)", sanity.url, async (title) => {
    fake.setDocuments((docs) =>
      docs.map((doc) => (doc._id === "legalPage" ? { ...doc, title } : doc)),
    );
  });
} finally {
  await sanity.stop();
  await fake.close();
}
