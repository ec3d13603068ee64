import { describe, expect, it } from "vitest";
import type { General, PageFields, Project } from "~/lib/content/model";
import { LOCAL_MEDIA_CONFIG } from "~/lib/media/config";
import type { SiteContext } from "~/lib/seo";
import { pageStructuredData, projectStructuredData } from "./structured-data.server";

// What Sanity's stega encoding appends to a string in a preview: invisible characters.
const STEGA = "\u200b\u200c\u200d\ufeff\u200b\u200c\u200d\ufeff";
const block = (text: string) => ({
  _type: "block" as const,
  _key: text,
  style: "normal" as const,
  markDefs: [],
  children: [{ _type: "span" as const, _key: "s", text, marks: [] }],
});
const general: General = {
  siteTitle: `Studio${STEGA}`,
  metaDescription: "We make things.",
  favicon: "/media/images/logo.png",
  siteUrl: "https://studio.example/",
  ogImage: null,
  copyright: null,
  officePlaylistUrl: null,
  address: [
    block("Harbour Street 1"),
    block("101 Town"),
    block("hi@studio.example"),
    block("+354 555 0100"),
  ],
};
const site: SiteContext = {
  general,
  media: LOCAL_MEDIA_CONFIG,
  origin: "https://studio.example",
  preview: false,
};
const page: PageFields = {
  _id: "homepage",
  _type: "homepage",
  title: "Home",
  hidden: false,
  seo: null,
};

const graphOf = (graph: ReturnType<typeof pageStructuredData>) => graph!["@graph"];

describe("structured data", () => {
  it("names the agency and the site on the home page, with plain strings", () => {
    const [org, website] = graphOf(pageStructuredData("homepage", page, site));
    expect(org).toEqual({
      "@type": "Organization",
      "@id": "https://studio.example/#organization",
      name: "Studio",
      url: "https://studio.example/",
      logo: "https://studio.example/media/images/logo.png",
      address: "Harbour Street 1, 101 Town",
      email: "hi@studio.example",
      telephone: "+354 555 0100",
    });
    expect(website).toMatchObject({
      "@type": "WebSite",
      url: "https://studio.example/",
      name: "Studio",
      publisher: { "@id": "https://studio.example/#organization" },
    });
  });

  it("describes a project as a work of the agency for its client, under Work", () => {
    const project = {
      ...page,
      _id: "p1",
      _type: "project",
      title: "Signal </script><script>alert(1)</script>",
      slug: "signal",
      client: "Harbour Co",
      year: 2024,
      excerpt: "A wayfinding system.",
      services: ["Identity", "Web"],
      hero: { _key: "h", _type: "mainVideo", playbackId: "abc123" },
    } as Project;
    const [work, crumbs] = graphOf(projectStructuredData(project, site));
    expect(work).toMatchObject({
      "@type": "CreativeWork",
      url: "https://studio.example/work/signal",
      name: project.title,
      description: "A wayfinding system.",
      image: "https://studio.example/media/videos/abc123.jpg",
      dateCreated: "2024",
      creator: { "@type": "Organization", "@id": "https://studio.example/#organization" },
      sponsor: { "@type": "Organization", name: "Harbour Co" },
    });
    expect(crumbs).toEqual({
      "@type": "BreadcrumbList",
      itemListElement: [
        { "@type": "ListItem", position: 1, name: "Studio", item: "https://studio.example/" },
        { "@type": "ListItem", position: 2, name: "Work", item: "https://studio.example/work" },
        {
          "@type": "ListItem",
          position: 3,
          name: project.title,
          item: "https://studio.example/work/signal",
        },
      ],
    });
  });
});
