import { getEnv } from "~/lib/env.server";
import { LOCAL_MEDIA_CONFIG, type MediaConfig } from "./config";

export function getMediaConfig(): MediaConfig {
  const { content } = getEnv();
  if (content.kind === "bundled") return LOCAL_MEDIA_CONFIG;
  return {
    projectId: content.sanity.projectId,
    dataset: content.sanity.dataset,
    imageBaseUrl: "https://cdn.sanity.io",
    video: "mux",
  };
}
