import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { RichText } from "~/components/RichText";
import type { LegalPage } from "~/lib/content/model";
import { legalPageQuery, queryTags } from "~/lib/content/queries";
import { mergeCacheHeaders } from "~/lib/cache/headers.server";
import { contentFor } from "~/lib/content/request.server";
import { fullPath } from "~/lib/http.server";
import { pageMeta } from "~/lib/seo";
import { siteFromMatches } from "~/lib/site";

export async function loader({ request }: LoaderFunctionArgs) {
  const content = await contentFor(request);
  const page = await content.query<LegalPage | null>(legalPageQuery, {}, queryTags.legalPage);
  if (!page) throw content.notFound(`Page Not Found: ${fullPath(request)}`);
  return data({ page }, { headers: content.headers() });
}

export const headers = mergeCacheHeaders;

export const meta: MetaFunction<typeof loader> = ({ data, matches, location }) =>
  pageMeta(data?.page, siteFromMatches(matches), location.pathname);

export default function LegalRoute() {
  const { page } = useLoaderData<typeof loader>();
  return (
    <main id="main" className="page page--legal">
      <header className="page-head">
        <h1 className="page-title">{page.title}</h1>
      </header>
      <RichText value={page.body} className="rich-text rich-text--long legal-body" />
    </main>
  );
}
