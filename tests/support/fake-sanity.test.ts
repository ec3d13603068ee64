import { createClient, type LiveEvent } from "@sanity/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BUNDLED_DATASET } from "./dataset";
import { startFakeSanity, type FakeSanity } from "./fake-sanity";

// The fake must speak what @sanity/client expects: the site's server and browser code are
// tested against it (docs/testing.md).
describe("the fake Sanity's Live Content API", () => {
  let fake: FakeSanity;
  const client = () =>
    createClient({
      projectId: "fake",
      dataset: "production",
      apiVersion: "2025-02-19",
      apiHost: fake.url,
      useProjectHostname: false,
      useCdn: false,
    });

  beforeAll(async () => {
    fake = await startFakeSanity(BUNDLED_DATASET);
  });
  afterAll(() => fake.close());

  /** The first `count` events of a new subscription, and when its welcome came. */
  function nextEvents(count: number) {
    const seen: LiveEvent[] = [];
    let welcomed!: () => void;
    const welcome = new Promise<void>((resolve) => (welcomed = resolve));
    const events = new Promise<LiveEvent[]>((resolve, reject) => {
      const subscription = client()
        .live.events()
        .subscribe({
          next(event) {
            seen.push(event);
            if (event.type === "welcome") welcomed();
            if (seen.length === count) {
              subscription.unsubscribe();
              resolve(seen);
            }
          },
          error: reject,
        });
    });
    return { events, welcome };
  }

  it("answers queries with sync tags, and a publish sends the tags of the queries it touches", async () => {
    const query = `*[_type == "project"][0]{ _id, _type, title }`;
    const answer = await client().fetch<{ _id: string; _type: string }>(
      query,
      {},
      {
        filterResponse: false,
      },
    );
    expect(answer.syncTags?.length).toBeGreaterThan(0);
    const { events, welcome } = nextEvents(2);
    await welcome;
    const id = fake.publish({ ...answer.result, title: "Changed" });
    const [first, message] = await events;
    expect(first?.type).toBe("welcome");
    expect(message).toMatchObject({ type: "message", id });
    expect((message as { tags: string[] }).tags).toEqual(
      expect.arrayContaining([expect.stringMatching(/^s1:/)]),
    );
    expect(answer.syncTags?.some((tag) => (message as { tags: string[] }).tags.includes(tag))).toBe(
      true,
    );
  });

  it("sends restart and goaway frames, and refuses a request that does not take event streams", async () => {
    const { events, welcome } = nextEvents(3);
    await welcome;
    fake.live.restart();
    fake.live.goaway("too many connections");
    expect((await events).map((event) => event.type)).toEqual(["welcome", "restart", "goaway"]);

    const refused = await fetch(`${fake.url}/v2025-02-19/data/live/events/production`);
    expect(refused.status).toBe(406);
    const cors = await fetch(`${fake.url}/v2025-02-19/check/cors`, {
      headers: { Origin: "http://localhost:1" },
    });
    expect(cors.headers.get("access-control-allow-origin")).toBe("http://localhost:1");
    expect(await cors.json()).toMatchObject({ result: { allowed: true } });
  });
});
