import { DocumentTextIcon } from "@sanity/icons/DocumentText";
import { HomeIcon } from "@sanity/icons/Home";
import { ProjectsIcon } from "@sanity/icons/Projects";
import { UsersIcon } from "@sanity/icons/Users";
import { defineArrayMember, defineField, defineType } from "sanity";
import { SINGLETONS } from "../../lib/singletons";
import { pageGroups, withPageFields } from "../documents/pageFields";

const singletonPreview = (title: string) => ({
  select: { title: "title", hidden: "hidden" },
  prepare: ({ title: pageTitle, hidden }: { title?: string; hidden?: boolean }) => ({
    title: pageTitle || title,
    subtitle: hidden ? "Hidden" : undefined,
  }),
});

export const homepage = defineType({
  name: "homepage",
  title: SINGLETONS.homepage.title,
  type: "document",
  icon: HomeIcon,
  groups: pageGroups,
  fields: withPageFields([
    defineField({
      name: "hero",
      title: "Hero",
      type: "mediaItem",
      group: "content",
      description: "The large image or video at the top of the home page.",
    }),
    defineField({
      name: "intro",
      title: "Introduction",
      type: "richText",
      group: "content",
      description: "The opening words under the hero.",
    }),
    defineField({ name: "modules", title: "Sections", type: "modules", group: "content" }),
  ]),
  preview: singletonPreview(SINGLETONS.homepage.title),
});

export const workPage = defineType({
  name: "workPage",
  title: SINGLETONS.workPage.title,
  type: "document",
  icon: ProjectsIcon,
  groups: pageGroups,
  fields: withPageFields([
    defineField({ name: "intro", title: "Introduction", type: "richText", group: "content" }),
    defineField({
      name: "projects",
      title: "Projects, in order",
      type: "array",
      group: "content",
      description:
        "The projects the Work page lists, in this order. Leave empty to list every visible project, newest first.",
      of: [defineArrayMember({ type: "reference", to: [{ type: "project" }] })],
      validation: (rule) => rule.unique().error("This project is already in the list."),
    }),
  ]),
  preview: singletonPreview(SINGLETONS.workPage.title),
});

export const culturePage = defineType({
  name: "culturePage",
  title: SINGLETONS.culturePage.title,
  type: "document",
  icon: UsersIcon,
  groups: pageGroups,
  fields: withPageFields([
    defineField({ name: "hero", title: "Hero", type: "mediaItem", group: "content" }),
    defineField({ name: "modules", title: "Sections", type: "modules", group: "content" }),
  ]),
  preview: singletonPreview(SINGLETONS.culturePage.title),
});

export const legalPage = defineType({
  name: "legalPage",
  title: SINGLETONS.legalPage.title,
  type: "document",
  icon: DocumentTextIcon,
  groups: pageGroups,
  fields: withPageFields([
    defineField({
      name: "body",
      title: "Text",
      type: "richText",
      group: "content",
      description: "The legal notice and privacy policy.",
    }),
  ]),
  preview: singletonPreview(SINGLETONS.legalPage.title),
});
