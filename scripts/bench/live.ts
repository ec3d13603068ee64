/**
 * npm run bench:live — from a publish (the fake Sanity's mutation, which sends the live event,
 * then the signed webhook, as Sanity does) to the new text on screen in an open tab, over 20
 * publishes: on the Node server, and through the Netlify build's function behind a CDN that
 * keeps every cacheable answer (tests/e2e/support/netlify-cdn.ts), so only the event's id in
 * the data request gets past it. `-- --build` runs `netlify build --offline` first; without a
 * Netlify build the second part is skipped. Prints figures; asserts nothing. docs/performance.md.
 */
import { existsSync } from "node:fs";
import { chromium, type Browser } from "playwright-core";
import { loadDataset } from "../../app/lib/content/dataset.server";
import { BUNDLED_DATASET } from "../../tests/support/dataset";
import { startFakeSanity, type FakeSanity } from "../../tests/support/fake-sanity";
import { startNetlifyLikeCdn } from "../../tests/e2e/support/netlify-cdn";
import { sendWebhook } from "../../tests/e2e/support/webhook";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "../chromium.mjs";
import { netlifyBuild } from "../netlify-build.mjs";
import {
  functionZip,
  resolveNetlifyConfig,
  startLocalDeploy,
  unpackFunction,
} from "../netlify-deploy.mjs";
import { percentile, requireBuild, startProductionServer } from "./util";

const SECRET = "bench-live-webhook-secret";
const PUBLISHES = 20;
type Doc = Record<string, unknown> & { _id: string; _type: string };

function sanityEnv(fake: FakeSanity) {
  return {
    SANITY_PROJECT_ID: "bench",
    SANITY_DATASET: "production",
    SANITY_API_HOST: fake.url,
    SANITY_WEBHOOK_SECRET: SECRET,
  };
}

async function firstProject(): Promise<Doc> {
  const { published } = await loadDataset(BUNDLED_DATASET);
  return published.find((doc) => doc._type === "project" && doc.hidden !== true && doc.slug) as Doc;
}

/** Opens the project's page and times publishes of a new title until it shows. */
async function bench(label: string, baseUrl: string, fake: FakeSanity, browser: Browser) {
  const project = await firstProject();
  // A tab of its own: an earlier tab's stream would count as this one's.
  const page = await browser.newPage();
  const path = `/work/${(project.slug as { current: string }).current}`;
  const listening = fake.live.open();
  await page.goto(baseUrl + path);
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
  while (fake.live.open() <= listening) await new Promise((resolve) => setTimeout(resolve, 20));

  const times: number[] = [];
  for (let round = 0; round < PUBLISHES; round += 1) {
    const title = `${project.title as string} (${round}-${Date.now()})`;
    const shown = page.waitForFunction(
      (text) => document.querySelector("h1")?.textContent === text,
      title,
      { timeout: 30_000, polling: "raf" },
    );
    const started = performance.now();
    fake.publish({ ...project, title });
    const webhook = sendWebhook(baseUrl, SECRET, { _id: project._id, _type: project._type });
    await shown;
    times.push(performance.now() - started);
    await webhook;
  }
  await page.close();
  console.log(
    `${label.padEnd(34)} publish → new text on screen: p50 ${percentile(times, 50).toFixed(0)} ms, p95 ${percentile(times, 95).toFixed(0)} ms, max ${Math.max(...times).toFixed(0)} ms (${PUBLISHES} publishes)`,
  );
}

requireBuild();
if (process.argv.includes("--build")) {
  console.log("netlify build --offline …");
  const result = await netlifyBuild();
  if (result.status !== 0) throw new Error(result.output);
}

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
const fake = await startFakeSanity(BUNDLED_DATASET);
try {
  const node = await startProductionServer({ PORT: "3903", ...sanityEnv(fake) });
  try {
    await bench("Node server", node.url, fake, browser);
  } finally {
    await node.stop();
  }

  if (!existsSync(functionZip)) {
    console.log("No Netlify build (.netlify/functions): `npm run bench:live -- --build` adds it.");
  } else {
    const fn = await unpackFunction();
    const config = await resolveNetlifyConfig();
    const deploy = await startLocalDeploy({
      functionDir: fn.dir,
      publishDir: config.build.publish,
      headerRules: config.headers,
      env: sanityEnv(fake),
    });
    const cdn = await startNetlifyLikeCdn(deploy.url);
    try {
      await bench("Netlify function, behind a CDN", cdn.url, fake, browser);
    } finally {
      await cdn.close();
      await deploy.stop();
      fn.remove();
    }
  }
} finally {
  await browser.close();
  await fake.close();
}
