// The browser's fixed texts: labels, button names, dialog texts and card names, looked up
// by key in /static/i18n/<lang>.json (the server builds it from its message catalog). No
// parameters and no plurals: the server sends every sentence finished.
export const LANGUAGES = ["en", "es"];

let lang = "en";
let strings = {};
let fallback = {};

/** Pick the first browser language we have a catalog for; English otherwise. */
export function browserLanguage(list = navigator.languages || [navigator.language]) {
  for (const tag of list) {
    const base = String(tag || "").toLowerCase().split("-")[0];
    if (LANGUAGES.includes(base)) return base;
  }
  return LANGUAGES[0];
}

async function fetchCatalog(code) {
  const url = new URL(`../i18n/${code}.json`, import.meta.url);
  const response = await fetch(url, { credentials: "same-origin" });
  if (!response.ok) throw new Error(`catalog ${code}: ${response.status}`);
  return response.json();
}

/** Load the catalog of `code` (English stays loaded as the fallback). */
export async function setLanguage(code) {
  if (!LANGUAGES.includes(code)) code = LANGUAGES[0];
  if (!Object.keys(fallback).length) fallback = await fetchCatalog(LANGUAGES[0]);
  strings = code === LANGUAGES[0] ? fallback : await fetchCatalog(code);
  lang = code;
  document.documentElement.lang = code;
  return code;
}

export function language() {
  return lang;
}

/**
 * The fixed text of `key` in the current language (English when the language lacks it, the
 * key itself when no catalog has it). Fixed texts only: every sentence with a number, a
 * card or a column in it comes finished from the server (docs/api.md).
 */
export function t(key) {
  return strings[key] ?? fallback[key] ?? key;
}

/** Fill every data-i18n* element under `root`. */
export function applyToDom(root = document) {
  for (const el of root.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
  for (const el of root.querySelectorAll("[data-i18n-title]")) el.title = t(el.dataset.i18nTitle);
  for (const el of root.querySelectorAll("[data-i18n-aria-label]")) {
    el.setAttribute("aria-label", t(el.dataset.i18nAriaLabel));
  }
  for (const el of root.querySelectorAll("[data-i18n-placeholder]")) {
    el.placeholder = t(el.dataset.i18nPlaceholder);
  }
  document.title = t("app.title");
}
