import type { Route } from "./+types/culture";
import { Link } from "~/components/Link";
import { Hero } from "~/components/Hero";
import { Modules } from "~/components/Modules";
import { mergeCacheHeaders } from "~/lib/cache/headers.server";
import { loadSingletonPage } from "~/lib/request.server";
import { LAYOUTS } from "~/lib/media/layouts";
import { preloadMedia } from "~/lib/media/preload";
import { jsonLd } from "~/lib/seo";
import { siteFromMatches, useSite } from "~/lib/site";
import { SINGLETON_PAGES } from "~/lib/content/singletons";

export const loader = (args: Route.LoaderArgs) => loadSingletonPage(args, "culturePage");

export const headers = mergeCacheHeaders;

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [
  ...(loaderData?.head ?? []),
  ...preloadMedia(siteFromMatches(matches), loaderData?.page.hero, LAYOUTS.hero),
  ...jsonLd(loaderData?.structuredData),
];

export const handle = { hideHeader: true };

export default function CultureRoute({ loaderData }: Route.ComponentProps) {
  const { page } = loaderData;
  const site = useSite();
  const siteTitle = site?.general?.siteTitle;
  return (
    <main id="main" className="page page--culture">
      {/* The header is hidden here: a way home stays at the top. */}
      <nav className="culture-top" aria-label="Back">
        <Link to={SINGLETON_PAGES.homepage} className="underline-link">
          <span aria-hidden="true">← </span>
          {siteTitle ? `${siteTitle}, home` : "Home"}
        </Link>
        <Link to={SINGLETON_PAGES.workPage} className="underline-link">
          Work
        </Link>
      </nav>
      <h1 className="page-title">{page.title}</h1>
      <Hero item={page.hero} layout={LAYOUTS.hero} />
      <Modules modules={page.modules} />
    </main>
  );
}
