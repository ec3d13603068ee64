import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Link } from "~/components/Link";
import { Media } from "~/components/Media";
import { Modules } from "~/components/Modules";
import { RichText } from "~/components/RichText";
import type { Homepage } from "~/lib/content/model";
import { homepageQuery, queryTags } from "~/lib/content/queries";
import { italicPreload } from "~/lib/fonts";
import { mergeCacheHeaders } from "~/lib/cache/headers.server";
import { loadSingletonPage } from "~/lib/content/request.server";
import { LAYOUTS } from "~/lib/media/layouts";
import { preloadMedia } from "~/lib/media/preload";
import { jsonLd, pageMeta } from "~/lib/seo";
import { siteFromMatches } from "~/lib/site";

export const loader = ({ request }: LoaderFunctionArgs) =>
  loadSingletonPage<Homepage>(request, homepageQuery, queryTags.homepage, "home");

export const headers = mergeCacheHeaders;

export const meta: MetaFunction<typeof loader> = ({ data, matches, location }) => [
  ...pageMeta(data?.head ?? data?.page, siteFromMatches(matches), location.pathname),
  ...preloadMedia(siteFromMatches(matches), data?.page.hero, LAYOUTS.homeHero),
  ...italicPreload(data?.page.intro),
  ...jsonLd(data?.structuredData),
];

/** The home page shows the large header: a bigger wordmark, no Work link. */
export const handle = { headerVariant: "large" };

export default function HomeRoute() {
  const { page } = useLoaderData<typeof loader>();
  return (
    <main id="main" className="page page--home">
      <h1 className="visually-hidden">{page.title}</h1>
      {page.hero ? (
        <div className="hero">
          <Media item={page.hero} {...LAYOUTS.homeHero} priority />
        </div>
      ) : null}
      <RichText value={page.intro} className="intro rich-text" />
      <Modules modules={page.modules} />
      <p className="home-more">
        <Link to="/work" className="big-link">
          All work{" "}
          <span className="big-link__arrow" aria-hidden="true">
            →
          </span>
        </Link>
      </p>
    </main>
  );
}
