import { publishedId, SINGLETON_PAGES } from "./content/singletons";
import { projectPath } from "./links";
import {
  createRedirectTable,
  leavesSite,
  normalizePath,
  redirectTarget,
  sourceProblem,
  type RedirectInput,
  type RedirectOptions,
} from "./redirects";

/**
 * What the Studio checks of one redirect beside the others and the site's pages
 * (docs/content-model.md, "Redirects"): duplicates, chains, loops and hidden
 * pages, each named on the field an editor has to change. The request-time
 * rules it applies are app/lib/redirects.ts's; like that file, it uses
 * relative imports only, so the Studio can import it.
 */

/** The paths the site serves pages at: Home, Work, Culture, Legal and every project's. */
export function livePagePaths(projectSlugs: readonly string[]): string[] {
  return [...Object.values(SINGLETON_PAGES), ...projectSlugs.map(projectPath)];
}

/** What is wrong with one redirect beside the others, and on which of its fields. */
export type RedirectProblem =
  /** Its destination names this site in a way a browser reads as another host (`//evil.test`). */
  | { code: "leaves-site"; field: "destination"; level: "error" }
  /** Its destination is its own source. */
  | { code: "self"; field: "destination"; level: "error" }
  /** Another redirect has the same source. */
  | { code: "duplicate"; field: "source"; level: "error"; other: RedirectInput }
  /** Its destination is another redirect's source. */
  | { code: "chain"; field: "destination"; level: "error"; other: RedirectInput }
  /** Following its destination leads back to its source, through `via`. */
  | { code: "loop"; field: "destination"; level: "error"; via: RedirectInput[] }
  /** Another redirect's destination is its source. */
  | { code: "chained-from"; field: "source"; level: "error"; other: RedirectInput }
  /** Its source is the path of a page the site serves: the page would be hidden. */
  | { code: "hides-page"; field: "source"; level: "warning" };

const baseId = (redirect: RedirectInput) => publishedId(redirect._id ?? "");

/**
 * Checks one redirect against the others (their drafts and published
 * versions alike; never its own) and the pages the site serves. Only a valid
 * source is checked, and only a destination that leads somewhere: the
 * fields' own rules report the rest. Each other redirect is named once.
 */
export function redirectProblems(
  self: RedirectInput,
  others: readonly RedirectInput[],
  context: { livePaths?: readonly string[]; siteOrigin?: string | null } = {},
): RedirectProblem[] {
  if (sourceProblem(self.source) !== null) return [];
  const source = normalizePath(self.source!);
  const selfId = baseId(self);
  const rest = others.filter((other) => !selfId || baseId(other) !== selfId);
  const problems: RedirectProblem[] = [];
  const named = new Set<string>();
  const once = (code: string, other: RedirectInput) => {
    const key = `${code}\u0000${baseId(other) || other.source}`;
    if (named.has(key)) return false;
    named.add(key);
    return true;
  };

  if (context.livePaths?.some((path) => normalizePath(path) === source)) {
    problems.push({ code: "hides-page", field: "source", level: "warning" });
  }
  for (const other of rest) {
    if (sourceProblem(other.source) === null && normalizePath(other.source!) === source) {
      if (once("duplicate", other)) {
        problems.push({ code: "duplicate", field: "source", level: "error", other });
      }
    }
  }

  if (leavesSite(self.destination, context)) {
    problems.push({ code: "leaves-site", field: "destination", level: "error" });
  }
  const target = redirectTarget(self.destination, context);
  let loop: RedirectInput[] = [];
  if (target.kind === "internal") {
    const destination = normalizePath(target.to);
    if (destination === source) {
      problems.push({ code: "self", field: "destination", level: "error" });
    } else {
      // This redirect first, so a duplicate of its source does not stand in for it.
      const table = createRedirectTable([self, ...rest], context);
      const result = table.resolve(source);
      if (result.kind === "loop" && normalizePath(lastTo(result.hops, context)) === source) {
        loop = result.hops.slice(1);
        problems.push({ code: "loop", field: "destination", level: "error", via: loop });
      } else if (result.kind !== "none" && result.hops.length > 1) {
        const other = result.hops[1]!;
        problems.push({ code: "chain", field: "destination", level: "error", other });
      }
    }
  }

  const inLoop = new Set(loop.map(baseId));
  for (const other of rest) {
    if (inLoop.has(baseId(other))) continue;
    const otherTarget = redirectTarget(other.destination, context);
    if (otherTarget.kind !== "internal" || normalizePath(otherTarget.to) !== source) continue;
    if (sourceProblem(other.source) === null && normalizePath(other.source!) === source) continue;
    if (once("chained-from", other)) {
      problems.push({ code: "chained-from", field: "source", level: "error", other });
    }
  }
  return problems;
}

function lastTo(hops: RedirectInput[], context: Pick<RedirectOptions, "siteOrigin">): string {
  const target = redirectTarget(hops.at(-1)?.destination, context);
  return target.kind === "internal" ? target.to : "";
}
