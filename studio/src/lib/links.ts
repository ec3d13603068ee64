// The site's links: the Studio refuses an address the site would not link to, and names a
// project's page as the site does.
export { projectPath, resolveLink } from "../../../app/lib/links";
