// Where focus goes after a client navigation (docs/decisions/034-page-transition.md): the new
// page's h1, or on back/forward the link the visitor left from.

type LeftFrom = { href: string; index: number };

/** The link each history entry was left from, by location key; a few dozen entries at most. */
const leftFrom = new Map<string, LeftFrom>();
const REMEMBERED = 50;

/**
 * The links to `href` a visitor can reach, in page order. An inert one is left out: a header
 * leaving with the page it belonged to is inert and still there when the next page takes focus,
 * and counting it would point the remembered index at the wrong link.
 */
function linksTo(href: string) {
  return Array.from(document.querySelectorAll<HTMLAnchorElement>("a[href]")).filter(
    (link) => link.getAttribute("href") === href && !link.closest("[inert]"),
  );
}

/** The page with history key `key` is being left: remember the link that has focus, if any. */
export function rememberFocus(key: string) {
  const active = document.activeElement;
  leftFrom.delete(key);
  if (!(active instanceof HTMLAnchorElement)) return;
  const href = active.getAttribute("href");
  if (href === null) return;
  leftFrom.set(key, { href, index: linksTo(href).indexOf(active) });
  if (leftFrom.size > REMEMBERED) leftFrom.delete(leftFrom.keys().next().value!);
}

function focused(element: HTMLElement | null | undefined) {
  if (!element || element.closest("[inert]")) return false;
  // No scroll: the page was already scrolled where it belongs (useScrollMemory).
  element.focus({ preventScroll: true });
  return document.activeElement === element;
}

/**
 * A new page is shown in `page`: on back/forward (`pop`), focus the link it was left from
 * when it is there and can take focus; otherwise its h1, made focusable by script only
 * (tabindex -1: Tab never stops on it), so a screen reader reads the new page's title.
 */
export function focusPage(page: HTMLElement | null, key: string, pop: boolean) {
  if (!page) return;
  const from = pop ? leftFrom.get(key) : undefined;
  if (from && focused(linksTo(from.href)[from.index])) return;
  const heading = page.querySelector<HTMLElement>("h1");
  if (!heading) return;
  if (!heading.hasAttribute("tabindex")) heading.tabIndex = -1;
  focused(heading);
}
