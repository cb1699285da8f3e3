// Catalog-driven texts: every string shown comes from i18n/<lang>.json. Fixed labels and
// card names come from here; sentences with parameters are built in sentences.js.
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

/** The text of `key` with `{name}` placeholders filled from `vars`. */
export function t(key, vars = {}) {
  let text = strings[key] ?? fallback[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (whole, name) => (name in vars ? String(vars[name]) : whole));
}

/** Like t(), but uses `key_one` when count is 1 and that key exists. */
export function tn(key, count, vars = {}) {
  const one = `${key}_one`;
  const use = count === 1 && (one in strings || one in fallback) ? one : key;
  return t(use, { count, ...vars });
}

export function rankName(rank) {
  return t(`rank.${rank}`);
}

export function rankShort(rank) {
  return t(`rank.short.${rank}`) === `rank.short.${rank}` ? rank : t(`rank.short.${rank}`);
}

export function suitName(suit) {
  return t(`suit.${suit}`);
}

/** "10 of spades" for "TS". */
export function cardName(card) {
  return t("card.name", { rank: rankName(card[0]), suit: suitName(card[1]) });
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
