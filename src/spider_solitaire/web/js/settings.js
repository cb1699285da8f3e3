// The player's settings: read from and saved to localStorage (this browser's), applied to
// the page (theme, four colours, animations, the language) and changed in the Settings
// window. The New game window keeps its last choices here too (suits, rule, winnable, stars).
import { setLanguage, browserLanguage, applyToDom } from "./i18n.js";

const KEY = "spider.settings";

// --- sound (sound.js plays it): on by default at a low volume (0..100); its own
// setting, apart from animations (reduced motion does not silence it)
const SOUND_DEFAULTS = { sound: true, volume: 25 };

/** Fill the Settings window's sound fields from `values`. */
function fillSound(form, values) {
  form.elements.sound.checked = !!values.sound;
  form.elements.volume.value = String(values.volume);
}
/** The header's sound button (`#sound-button`, when the page has one) shows whether anything sounds. */
function applySound(values) {
  const button = document.getElementById("sound-button");
  if (!button) return;
  const silent = !values.sound || Number(values.volume) <= 0;
  button.querySelector("use").setAttribute("href", silent ? "#i-muted" : "#i-sound");
  button.classList.toggle("silent", silent);
}
// --- end of sound

// --- table colour and card back, chosen apart from the theme ("auto": the theme's own)
const LOOK_DEFAULTS = { table: "auto", back: "auto" };
/** The table colours and card backs offered (themes.css has a class for each). */
export const TABLES = ["auto", "green", "blue", "red"];
export const BACKS = ["auto", "blue", "red", "lattice", "diamonds", "sunburst"];

/** The body's table-* and back-* classes for `values` (an unknown value: the theme's). */
function applyTableAndBack(values, body) {
  for (const name of TABLES) body.classList.toggle(`table-${name}`, name !== "auto" && values.table === name);
  for (const name of BACKS) body.classList.toggle(`back-${name}`, name !== "auto" && values.back === name);
}
// --- end of table colour and card back

// --- "Tell me when a move loses the deal" (notice.js; issue 30 part 2): off by default,
// kept in this browser like the other settings of the table
const NOTICE_DEFAULTS = { noticeLoss: false };
const NOTICE_CHECKS = Object.keys(NOTICE_DEFAULTS);
const DEFAULTS = {
  lang: "", // "" = from the browser
  theme: "clean",
  fourColor: false,
  animations: true,
  showTime: true,
  doubleClick: true,
  autoPlace: false,
  suits: 1,
  rule: "classic",
  winnable: false,
  stars: 0, // the deal level chosen last (1-3 stars), 0: none (any deal, or winnable)
  variant: null, // the game of the family chosen last (a name the server listed); null: the first
  ...SOUND_DEFAULTS,
  ...LOOK_DEFAULTS,
  ...NOTICE_DEFAULTS,
};
/** The Settings window's check boxes (its other fields are selects). */
const CHECKS = ["fourColor", "animations", "showTime", "doubleClick", "autoPlace"];

// --- the table's layout (issue 19, item 9): check boxes of their own --------------------
/** Large cards (wider than their column, on a phone held upright) and the left-handed table. */
const LAYOUT_DEFAULTS = { largeCards: false, leftHanded: false };
const LAYOUT_CHECKS = Object.keys(LAYOUT_DEFAULTS);

/** The page's layout classes from `values` (table.css: .large-cards, .left-handed). */
export function applyLayout(values, body = document.body) {
  body.classList.toggle("large-cards", !!values.largeCards);
  body.classList.toggle("left-handed", !!values.leftHanded);
}

// --- the rules page's language (issue 19): a cookie the server reads for /rules ---------
const LANGUAGE_COOKIE = "spider_lang";

/** Keep the chosen language (`""`: the browser's) where GET /rules finds it (server/routes/pages.py). */
function rememberLanguage(lang) {
  const age = lang ? 365 * 24 * 3600 : 0;
  document.cookie = `${LANGUAGE_COOKIE}=${lang}; path=/; max-age=${age}; SameSite=Lax`;
}
// ---------------------------------------------------------------------------------------

const $ = (id) => document.getElementById(id);

/** The settings saved in `storage` (this browser's), the defaults for the rest. */
export function readSettings(storage = localStorage) {
  try {
    return { ...DEFAULTS, ...LAYOUT_DEFAULTS, ...JSON.parse(storage.getItem(KEY) || "{}") };
  } catch {
    return { ...DEFAULTS, ...LAYOUT_DEFAULTS };
  }
}

/**
 * The table's look from `values`: the theme, the table colour, the card back and four
 * colours (the rules page's pictures too).
 */
export function applyLook(values, body = document.body) {
  body.classList.toggle("theme-clean", values.theme !== "felt");
  body.classList.toggle("theme-felt", values.theme === "felt");
  body.classList.toggle("four-color", !!values.fourColor);
  applyTableAndBack(values, body);
}

/**
 * @param store the store of state.js (it keeps whether animations are on)
 * @returns {values, save, apply, applyLanguage, attachWindow}: `values` are the settings
 *   (read them; change them, then save)
 */
export function createSettings(store, storage = localStorage) {
  const values = readSettings(storage);

  function save() {
    try {
      storage.setItem(KEY, JSON.stringify(values));
    } catch {
      /* private mode: settings last for this visit */
    }
  }

  /** The page follows the settings (the language aside: applyLanguage). */
  function apply() {
    applyLook(values);
    applyLayout(values);
    applySound(values);
    document.body.classList.toggle("no-animations", !values.animations);
    store.setAnimations(!!values.animations);
  }

  /** Load the chosen language's catalog (the browser's when none is chosen) and label the page. */
  async function applyLanguage() {
    rememberLanguage(values.lang);
    await setLanguage(values.lang || browserLanguage());
    applyToDom();
  }

  /**
   * The Settings window: the `settings` button opens it filled in; each change is saved
   * and applied at once, then `changed(name)` is told (after the new language is loaded).
   */
  function attachWindow({ openDialog, changed }) {
    const form = $("settings-form");
    $("settings").addEventListener("click", () => {
      form.elements.lang.value = values.lang;
      form.elements.theme.value = values.theme;
      form.elements.table.value = values.table;
      form.elements.back.value = values.back;
      for (const name of [...CHECKS, ...LAYOUT_CHECKS, ...NOTICE_CHECKS]) form.elements[name].checked = !!values[name];
      fillSound(form, values);
      openDialog($("settings-dialog"));
    });
    form.addEventListener("change", async (event) => {
      const field = event.target;
      if (!field.name) return;
      values[field.name] =
        field.type === "checkbox" ? field.checked : field.type === "range" ? Number(field.value) : field.value;
      save();
      apply();
      if (field.name === "lang") await applyLanguage();
      changed(field.name);
    });
  }

  return { values, save, apply, applyLanguage, attachWindow };
}
