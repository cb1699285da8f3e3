// The way to the rules page (GET /rules) from the table: the header's Rules link, the `?`
// key, and the "Rules" link after a refusal's sentence (the server's error body names the
// section that explains it: {"rules": "/rules#building-down"}). The page comes in the
// language the table shows, in a tab of its own: the table stays as it was, game and all
// (issue 31: `?` left the table).
import { language, t } from "./i18n.js";

const modal = () => document.querySelector("dialog[open]") != null;
const typing = (target) => target?.closest?.("input, select, textarea, [contenteditable='true']") != null;

/** The rules page's address in the table's language: `/rules?lang=es#stock` for "/rules#stock". */
export function rulesUrl(path = "/rules") {
  const url = new URL(path, location.origin);
  url.searchParams.set("lang", language());
  return url.pathname + url.search + url.hash;
}

/** Make `link` open the rules in a new tab (without a hold on this page). */
function inNewTab(link) {
  link.target = "_blank";
  link.rel = "noopener";
}

/**
 * Keep every link to the rules (`a[data-rules-link]`: the header's, a menu's) pointing at
 * them in the current language, and open them with the `?` key (not while a dialog is open
 * or a field is being typed in); each in a new tab.
 */
export function attachRules(root = document) {
  for (const link of root.querySelectorAll("a[data-rules-link]")) {
    inNewTab(link);
    const update = () => {
      link.href = rulesUrl();
    };
    update();
    for (const kind of ["pointerdown", "focus", "mouseenter", "click"]) link.addEventListener(kind, update);
  }
  document.addEventListener("keydown", (event) => {
    if (event.key !== "?" || event.ctrlKey || event.metaKey || event.altKey) return;
    if (modal() || typing(event.target) || event.defaultPrevented) return;
    event.preventDefault();
    open(rulesUrl(), "_blank", "noopener");
  });
}

/**
 * After a refusal's sentence in `notice` (the page's notice element), add a "Rules" link to
 * the section `path` that explains it (the error body's `rules`); nothing when it has none.
 * The notice is otherwise hidden from screen readers (the live region says the sentence):
 * while it shows the link it is not, so that the link can be reached; when it hides or
 * says something else, the link goes.
 */
export function addRulesLink(notice, path) {
  if (!path) return;
  const link = document.createElement("a");
  link.className = "notice-rules";
  link.href = rulesUrl(path);
  link.textContent = t("rules.link");
  inNewTab(link);
  notice.append(" ", link);
  notice.removeAttribute("aria-hidden");
  // when the notice goes or says something else, the link goes and it is hidden again
  const watch = new MutationObserver(() => {
    if (notice.contains(link) && notice.classList.contains("show")) return;
    watch.disconnect();
    link.remove();
    // (a newer refusal's link may be there already)
    if (!notice.querySelector(".notice-rules")) notice.setAttribute("aria-hidden", "true");
  });
  watch.observe(notice, { attributes: true, attributeFilter: ["class"], childList: true });
}
