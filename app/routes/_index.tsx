import type { Route } from "./+types/_index";
import { Link } from "~/components/Link";
import { Hero } from "~/components/Hero";
import { Modules } from "~/components/Modules";
import { RichText } from "~/components/RichText";
import { italicPreload } from "~/lib/fonts";
import { mergeCacheHeaders } from "~/lib/cache/headers.server";
import { loadSingletonPage } from "~/lib/request.server";
import { LAYOUTS } from "~/lib/media/layouts";
import { preloadMedia } from "~/lib/media/preload";
import { jsonLd } from "~/lib/seo";
import { siteFromMatches } from "~/lib/site";
import { SINGLETON_PAGES } from "~/lib/content/singletons";

export const loader = (args: Route.LoaderArgs) => loadSingletonPage(args, "homepage");

export const headers = mergeCacheHeaders;

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [
  ...(loaderData?.head ?? []),
  ...preloadMedia(siteFromMatches(matches), loaderData?.page.hero, LAYOUTS.homeHero),
  ...italicPreload(loaderData?.page.intro),
  ...jsonLd(loaderData?.structuredData),
];

/** The home page shows the large header: a bigger wordmark, no Work link. */
export const handle = { headerVariant: "large" };

export default function HomeRoute({ loaderData }: Route.ComponentProps) {
  const { page } = loaderData;
  return (
    <main id="main" className="page page--home">
      <h1 className="visually-hidden">{page.title}</h1>
      <Hero item={page.hero} layout={LAYOUTS.homeHero} />
      <RichText value={page.intro} className="intro rich-text" />
      <Modules modules={page.modules} />
      <p className="home-more">
        <Link to={SINGLETON_PAGES.workPage} className="big-link">
          All work{" "}
          <span className="big-link__arrow" aria-hidden="true">
            →
          </span>
        </Link>
      </p>
    </main>
  );
}
