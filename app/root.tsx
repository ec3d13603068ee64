import { data, isRouteErrorResponse, Links, Meta, Scripts, useRouteError } from "react-router";
import { useEffect, type ReactNode } from "react";
import { Cursor } from "~/components/Cursor";
import { ErrorScreen } from "~/components/ErrorScreen";
import { Footer } from "~/components/Footer";
import { Header } from "~/components/Header";
import { LiveContentLoader } from "~/components/LiveContentLoader";
import { leaveFor } from "~/components/page-fade";
import { PageTransition } from "~/components/PageTransition";
import { useDeployGuard } from "~/hooks/useDeployGuard";
import { useHeaderSwap } from "~/hooks/useHeaderSwap";
import { useRouteHandle } from "~/hooks/useRouteHandle";
import { PreviewBanner } from "~/components/PreviewBanner";
import { VisualEditingLoader } from "~/components/VisualEditingLoader";
import { mergeCacheHeaders } from "~/lib/cache/headers.server";
import { liveConfig } from "~/lib/live/config.server";
import { contentMiddleware, contentOf } from "~/lib/request.server";
import { getEnv } from "~/lib/env.server";
import { faviconUrl } from "~/lib/media/config";
import { redirectFor } from "~/lib/redirects.server";
import { securityHeaders } from "~/lib/security.server";
import { FONT_PRELOADS, fontPreload } from "~/lib/fonts";
import {
  canonicalRedirect,
  keyedParamsProblem,
  isResourceDataRequest,
} from "~/lib/canonical-path.server";
import { plainText } from "~/lib/http.server";
import { ERROR_SITE_TITLE, type ShellData } from "~/lib/seo";
import { useSite } from "~/lib/site";
import { UIStateProvider, useUIState } from "~/hooks/useUIState";
import globalStyles from "../styles/global.css?url";
import type { Route } from "./+types/root";

export const links: Route.LinksFunction = () => [
  ...FONT_PRELOADS.map(fontPreload),
  { rel: "stylesheet", href: globalStyles },
];

/**
 * Around every answer, the base security headers (app/lib/security.server.ts). Before any
 * loader runs: the request's content view, once (app/lib/request.server.ts);
 * a resource route's `.data` twin is a plain 404, a `_routes` or live event id no client sends
 * a 400 or a 308 without it; then editors' redirects (matched in any case,
 * encoding and trailing slash); then another spelling of a path (`/WoRk`, `/work//`, `/%77ork`)
 * to its own (app/lib/canonical-path.server.ts, app/lib/redirects.server.ts).
 */
export const middleware: Route.MiddlewareFunction[] = [
  securityHeaders,
  contentMiddleware,
  ({ request, url, pattern }, next) =>
    isResourceDataRequest(request, url)
      ? plainText(404, "Not found")
      : (keyedParamsProblem(request, pattern) ?? next()),
  async ({ request, url, context }, next) => (await redirectFor(request, url, context)) ?? next(),
  ({ request, url }, next) => canonicalRedirect(request, url) ?? next(),
];

/**
 * The page transition's first half (app/components/page-fade.ts): a navigation to another page
 * fades the page on screen out while the loaders run, and commits once both are done, so the
 * next page is rendered while nothing is on screen. Revalidations and same-page navigations
 * (same pathname) go through untouched. Client-side only: server data loading is unchanged.
 */
export const clientMiddleware: Route.ClientMiddlewareFunction[] = [
  async ({ request }, next) => {
    const faded = leaveFor(new URL(request.url).pathname);
    await next();
    await faded;
  },
];

/**
 * What every page hydrates with: the settings the shell shows, where media is served from, the
 * preview and live flags. The head's inputs (description, share image, origin) stay on the
 * server: each page loader builds its head (docs/performance.md, "Inline script").
 */
export async function loader({ context }: Route.LoaderArgs) {
  const content = contentOf(context);
  const { general, media, preview } = await content.site();
  const shell: ShellData = {
    general: general && {
      siteTitle: general.siteTitle,
      favicon: general.favicon,
      address: general.address,
      copyright: general.copyright,
      officePlaylistUrl: general.officePlaylistUrl,
    },
    media,
    preview,
    visualEditing: preview && getEnv().content.kind === "sanity",
    live: liveConfig(preview),
    syncTags: content.syncTags(),
  };
  return data(shell, { headers: content.headers() });
}

export const headers = mergeCacheHeaders;

export const meta: Route.MetaFunction = ({ error }) => {
  if (!error) return [];
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return [
    {
      title: `${status === 404 ? "Page not found" : "Something went wrong"} • ${ERROR_SITE_TITLE}`,
    },
    { name: "robots", content: "noindex, nofollow" },
  ];
};

export function Layout({ children }: { children: ReactNode }) {
  const handle = useRouteHandle();
  return (
    <UIStateProvider forceDarkMode={Boolean(handle.forceDarkMode)}>
      <Document>{children}</Document>
    </UIStateProvider>
  );
}

/** The document; its colour scheme comes from the UI state, so the server paints the right one. */
function Document({ children }: { children: ReactNode }) {
  const site = useSite();
  const { colourScheme, menuOpen } = useUIState();
  const favicon = site?.general?.favicon;
  // Lets scripts driving a browser (e2e tests, `npm run screenshots`) wait until the page answers clicks.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return (
    <html lang="en" data-theme={colourScheme} className={menuOpen ? "menu-open" : undefined}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content={colourScheme === "dark" ? "#001489" : "#ffffff"} />
        <link rel="icon" href={favicon ? faviconUrl(favicon) : "/favicon.ico"} />
        <Meta />
        <Links />
      </head>
      <body>
        <a className="skip-link" href="#main">
          Skip to content
        </a>
        {children}
        <Scripts />
      </body>
    </html>
  );
}

/** Route `handle` flags the shell reads (docs/decisions/030-route-handle-flags.md). */

export default function App() {
  const site = useSite();
  const handle = useRouteHandle();
  const preview = Boolean(site?.preview);
  useDeployGuard();
  const general = site?.general ?? null;
  const siteTitle = general?.siteTitle ?? ERROR_SITE_TITLE;
  const header = useHeaderSwap(!handle.hideHeader, handle.headerVariant);
  return (
    <>
      {preview ? <PreviewBanner /> : null}
      {header.rendered ? (
        <Header
          siteTitle={siteTitle}
          general={general}
          variant={header.variant}
          swap={header.swap}
          onSwapEnd={header.end}
        />
      ) : null}
      <PageTransition after={<Footer general={general} siteTitle={siteTitle} />} />
      <Cursor />
      <LiveContentLoader config={site?.live} />
      <VisualEditingLoader wanted={Boolean(site?.visualEditing)} />
    </>
  );
}

function errorMessage(error: unknown): { status: number; message: string } {
  if (isRouteErrorResponse(error)) {
    const message = typeof error.data === "string" && error.data ? error.data : error.statusText;
    return { status: error.status, message: message || "Something went wrong" };
  }
  // Never a stack trace: the details are in the server log.
  return { status: 500, message: "Something went wrong" };
}

export function ErrorBoundary() {
  const error = useRouteError();
  const site = useSite();
  const { status, message } = errorMessage(error);
  return (
    <>
      <Header
        siteTitle={site?.general?.siteTitle ?? ERROR_SITE_TITLE}
        general={site?.general ?? null}
      />
      <ErrorScreen status={status} message={message} />
      <Cursor />
    </>
  );
}
