import { readFileSync } from "node:fs";
import { evaluate, parse } from "groq-js";
import { describe, expect, it } from "vitest";
import { PROJECT_PLACES_QUERY, projectLocations, type ProjectPlaces } from "./locations";

type Doc = { _id: string; _type: string; [field: string]: unknown };

const published = readFileSync(new URL("../../../dataset/data.ndjson", import.meta.url), "utf8")
  .trim()
  .split("\n")
  .map((line) => JSON.parse(line) as Doc)
  .filter((doc) => !doc._id.startsWith("drafts."));

/** Presentation's "Used on" list for a project, as the Studio asks it of `dataset`. */
async function usedOn(id: string, dataset: Doc[] = published) {
  const result = await evaluate(parse(PROJECT_PLACES_QUERY), { dataset, params: { id } });
  return projectLocations(id, (await result.get()) as ProjectPlaces);
}

const byId = (id: string) => published.find((doc) => doc._id === id)!;
const project = (id: string) => byId(id) as Doc & { title: string; slug: { current: string } };
const workList = () => (byId("workPage").projects as { _ref: string }[]).map((ref) => ref._ref);

/** The dataset with Work's curated list replaced. */
const withWorkList = (refs: string[]) =>
  published.map((doc) =>
    doc._id === "workPage"
      ? {
          ...doc,
          projects: refs.map((ref, i) => ({ _key: `k${i}`, _type: "reference", _ref: ref })),
        }
      : doc,
  );

describe("where Presentation says a project is used", () => {
  const listed = workList()[0]!;
  const { title, slug } = project(listed);

  it("names its own page, Work, and each page whose projects section shows it", async () => {
    const sections = published.filter((doc) =>
      JSON.stringify(doc.modules ?? []).includes(`"_ref":"${listed}"`),
    );
    expect(sections.length).toBeGreaterThan(0);
    const locations = await usedOn(listed);
    expect(locations?.slice(0, 2)).toEqual([
      { title, href: `/work/${slug.current}` },
      { title: "Work", href: "/work" },
    ]);
    expect(locations?.slice(2).map((place) => place.href)).toEqual(
      sections.map((doc) =>
        doc._type === "homepage" ? "/" : `/work/${(doc.slug as { current: string }).current}`,
      ),
    );
  });

  it("leaves Work out for a project its curated list leaves out, and puts it back when the list is empty", async () => {
    const others = workList().filter((id) => id !== listed);
    const left = await usedOn(listed, withWorkList(others));
    expect(left?.map((place) => place.href)).not.toContain("/work");
    const all = await usedOn(listed, withWorkList([]));
    expect(all?.map((place) => place.href)).toContain("/work");
  });

  it("gives a hidden project its own page only", async () => {
    const hidden = published.find((doc) => doc._type === "project" && doc.hidden === true)!;
    const locations = await usedOn(hidden._id, withWorkList([...workList(), hidden._id]));
    expect(locations).toEqual([
      { title: hidden.title, href: `/work/${(hidden.slug as { current: string }).current}` },
    ]);
  });

  it("has nothing to show for a project without an address", async () => {
    const dataset = published.map((doc) =>
      doc._id === listed ? { ...doc, slug: undefined } : doc,
    );
    expect(await usedOn(listed, dataset)).toBeUndefined();
  });
});
