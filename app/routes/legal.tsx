import type { Route } from "./+types/legal";
import { Contents } from "~/components/Contents";
import { outline, RichText, withoutLeadingTitle } from "~/components/RichText";
import { mergeCacheHeaders } from "~/lib/cache/headers.server";
import { loadSingletonPage } from "~/lib/request.server";
import { jsonLd } from "~/lib/seo";

export const loader = (args: Route.LoaderArgs) => loadSingletonPage(args, "legalPage");

export const headers = mergeCacheHeaders;

export const meta: Route.MetaFunction = ({ loaderData }) => [
  ...(loaderData?.head ?? []),
  ...jsonLd(loaderData?.structuredData),
];

export default function LegalRoute({ loaderData }: Route.ComponentProps) {
  const { page } = loaderData;
  // The title is the page's heading; a body that opens with it again drops that copy.
  const body = withoutLeadingTitle(page.body, page.title);
  return (
    <main id="main" className="page page--legal">
      <header className="page-head">
        <h1 className="page-title">{page.title}</h1>
      </header>
      <div className="legal">
        <Contents entries={outline(body)} />
        <RichText value={body} className="rich-text rich-text--long legal-body" />
      </div>
    </main>
  );
}
