import {
  Link as RemixLink,
  NavLink as RemixNavLink,
  type LinkProps,
  type NavLinkProps,
} from "react-router";
import { forwardRef } from "react";
import { useStaleBuild } from "~/lib/stale-build";

// Every internal link of the site: a page's code and data start loading when a
// visitor shows intent (hover, focus, touch), except in a tab a deploy has made
// stale, where links load whole documents of the new build (docs/decisions/040-new-deploys.md).

function usePrefetch() {
  return useStaleBuild() ? "none" : "intent";
}

export const Link = forwardRef<HTMLAnchorElement, Omit<LinkProps, "prefetch">>(
  function Link(props, ref) {
    return <RemixLink ref={ref} prefetch={usePrefetch()} {...props} />;
  },
);

export const NavLink = forwardRef<HTMLAnchorElement, Omit<NavLinkProps, "prefetch">>(
  function NavLink(props, ref) {
    return <RemixNavLink ref={ref} prefetch={usePrefetch()} {...props} />;
  },
);
