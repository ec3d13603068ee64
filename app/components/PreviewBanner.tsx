import { useLocation } from "react-router";

/** Shown while an editor previews drafts (the preview banner flag). */
export function PreviewBanner() {
  const location = useLocation();
  const back = encodeURIComponent(`${location.pathname}${location.search}`);
  return (
    <div
      className="preview-banner"
      role="status"
      style={{
        position: "sticky",
        top: 0,
        zIndex: 90,
        padding: "0.5rem var(--gutter, 1rem)",
        background: "#ffd400",
        color: "#000",
        fontSize: "0.875rem",
      }}
    >
      <span>Preview: you are seeing unpublished drafts.</span>{" "}
      {/* A document request, not client navigation: the cookie must be cleared by the server. */}
      <a href={`/api/exit-preview?slug=${back}`}>Exit preview</a>
    </div>
  );
}
