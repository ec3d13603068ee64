/** The path as the visitor typed it, query included: the 'fullPath' of SPEC §2. */
export function fullPath(request: Request) {
  const url = new URL(request.url);
  return `${decodePath(url.pathname)}${url.search}`;
}

export function decodePath(pathname: string) {
  try {
    return decodeURIComponent(pathname);
  } catch {
    return pathname;
  }
}

// Real slugs are short; anything else cannot name a project, so it is
// answered with a 404 before it reaches the content service.
// eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
const SLUG = /^[^\s/\\?#\u0000-\u001f]{1,200}$/;

export function isPlausibleSlug(slug: string | undefined): slug is string {
  return typeof slug === "string" && SLUG.test(slug);
}
