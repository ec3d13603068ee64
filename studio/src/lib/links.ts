// The site's link resolver: the Studio refuses an address the site would not link to.
export { resolveLink } from "../../../app/lib/links";
