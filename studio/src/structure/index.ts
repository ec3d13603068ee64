import { CaseIcon } from "@sanity/icons/Case";
import { CogIcon } from "@sanity/icons/Cog";
import { DocumentTextIcon } from "@sanity/icons/DocumentText";
import { HomeIcon } from "@sanity/icons/Home";
import { ProjectsIcon } from "@sanity/icons/Projects";
import { TransferIcon } from "@sanity/icons/Transfer";
import { UsersIcon } from "@sanity/icons/Users";
import type { ComponentType } from "react";
import type { ListItemBuilder, StructureBuilder, StructureResolver } from "sanity/structure";
import { SINGLETONS, type SingletonType } from "../lib/singletons";

const ICONS: Record<SingletonType, ComponentType> = {
  general: CogIcon,
  homepage: HomeIcon,
  workPage: ProjectsIcon,
  culturePage: UsersIcon,
  legalPage: DocumentTextIcon,
};

/** A singleton opens straight into its one document, with its fixed id. */
function singleton(S: StructureBuilder, type: SingletonType): ListItemBuilder {
  const { id, title } = SINGLETONS[type];
  return S.listItem()
    .id(id)
    .title(title)
    .icon(ICONS[type])
    .child(S.document().schemaType(type).documentId(id).title(title));
}

/** Every project, newest year first, then by title. */
function projects(S: StructureBuilder): ListItemBuilder {
  return S.listItem()
    .id("projects")
    .title("Projects")
    .icon(CaseIcon)
    .child(
      S.documentTypeList("project")
        .title("Projects")
        .defaultOrdering([
          { field: "year", direction: "desc" },
          { field: "title", direction: "asc" },
        ]),
    );
}

/** Every redirect, by the address it starts from. */
function redirects(S: StructureBuilder): ListItemBuilder {
  return S.listItem()
    .id("redirects")
    .title("Redirects")
    .icon(TransferIcon)
    .child(
      S.documentTypeList("redirect")
        .title("Redirects")
        .defaultOrdering([{ field: "source", direction: "asc" }]),
    );
}

/**
 * The singletons pinned at the top (site settings, then the pages in menu
 * order), then the projects, then the redirects. Anything the content model adds later shows
 * below, so no document type is ever unreachable.
 */
export const structure: StructureResolver = (S) => {
  const known = new Set<string>([...Object.keys(SINGLETONS), "project", "redirect"]);
  return S.list()
    .title("Content")
    .items([
      singleton(S, "general"),
      S.divider(),
      singleton(S, "homepage"),
      singleton(S, "workPage"),
      singleton(S, "culturePage"),
      singleton(S, "legalPage"),
      S.divider(),
      projects(S),
      S.divider(),
      redirects(S),
      ...S.documentTypeListItems().filter((item) => {
        const id = item.getId();
        return id !== undefined && !known.has(id) && !id.startsWith("mux.");
      }),
    ]);
};
