import { visionTool } from "@sanity/vision";
import { defineConfig, type DocumentActionComponent } from "sanity";
import { muxInput } from "sanity-plugin-mux-input";
import { presentationTool } from "sanity/presentation";
import { structureTool } from "sanity/structure";
import { publishWithRedirect } from "./src/actions/publishWithRedirect";
import { dataset, previewOrigin, projectId, title } from "./src/env";
import { isSingletonType } from "./src/lib/singletons";
import { resolve } from "./src/presentation";
import { schemaTypes } from "./src/schemaTypes";
import { structure } from "./src/structure";

// A singleton can be edited, published and reverted, never created, duplicated or deleted.
const SINGLETON_ACTIONS = new Set(["publish", "discardChanges", "restore"]);

export default defineConfig({
  name: "default",
  title,
  projectId,
  dataset,
  // No basePath here: the CLI's project.basePath (sanity.cli.ts) is the Studio's root, and Sanity
  // prefixes it to a workspace's own, so naming it twice put the Studio at /studio/studio.
  plugins: [
    structureTool({ structure }),
    presentationTool({
      title: "Preview",
      previewUrl: {
        origin: previewOrigin,
        previewMode: { enable: "/api/preview" },
      },
      resolve,
    }),
    // Videos are uploaded to Mux and stored as mux.videoAsset documents; the site
    // plays the MP4 rendition where it can, so ask Mux to make one (the plugin asks
    // for a static `highest.mp4`; app/lib/content/queries.ts reads either kind).
    muxInput({ mp4_support: "standard" }),
    visionTool({ title: "GROQ" }),
  ],
  schema: {
    types: schemaTypes,
    templates: (templates) => templates.filter(({ schemaType }) => !isSingletonType(schemaType)),
  },
  document: {
    actions: (actions, { schemaType }) =>
      isSingletonType(schemaType)
        ? actions.filter(
            (action: DocumentActionComponent) =>
              action.action !== undefined && SINGLETON_ACTIONS.has(action.action),
          )
        : schemaType === "project"
          ? actions.map((action) =>
              action.action === "publish" ? publishWithRedirect(action) : action,
            )
          : actions,
    newDocumentOptions: (options, { creationContext }) =>
      creationContext.type === "global"
        ? options.filter(({ templateId }) => !isSingletonType(templateId))
        : options,
  },
});
