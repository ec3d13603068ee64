import { VisualEditing as SanityVisualEditing } from "@sanity/visual-editing/react-router";

/**
 * Click-to-edit inside the Studio's Presentation tool: overlays on the text
 * that carries stega edit links, and a React Router revalidation (no reload) when
 * the editor changes the document. Loaded only while previewing from Sanity,
 * by app/components/VisualEditingLoader.tsx: published pages never fetch it.
 */
export default function VisualEditing() {
  return <SanityVisualEditing />;
}
