// The host: wires the modules together, talks to the server through api.js, owns the
// settings, the dialogs, the buttons and the messages. Like chessground's host, it tells
// the table what is legal (the server's `groups`, through the store) and is told what the
// player did (pointer.js, keyboard.js), then sends it and puts the answer into the store.
import { createApi, ApiError } from "./api.js";
import { createStore } from "./state.js";
import { createView } from "./render.js";
import { attachPointer } from "./pointer.js";
import { attachKeyboard } from "./keyboard.js";
import { createHelp } from "./help.js";
import { celebrate, fillSummary } from "./finish.js";
import { createRecord } from "./record.js";
import { createDaily } from "./daily.js";
import { replaySource, startReplay } from "./replay.js";
import { motionAllowed } from "./animate.js";
import { setLanguage, language, browserLanguage, applyToDom, t } from "./i18n.js";
import { attachRules, addRulesLink } from "./ruleslink.js";
import { createTour } from "./tour.js";

const SETTINGS_KEY = "spider.settings";
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
};

const $ = (id) => document.getElementById(id);

function loadSettings() {
  try {
    return { ...DEFAULTS, ...JSON.parse(localStorage.getItem(SETTINGS_KEY) || "{}") };
  } catch {
    return { ...DEFAULTS };
  }
}

const settings = loadSettings();

function saveSettings() {
  try {
    localStorage.setItem(SETTINGS_KEY, JSON.stringify(settings));
  } catch {
    /* private mode: settings last for this visit */
  }
}

const api = createApi({ language });
const store = createStore();
let view = null;
let help = null;
let record = null;
let daily = null;
let busy = 0;
let chain = Promise.resolve();
let noticeTimer = 0;
let shownWin = null;

function applySettings() {
  const body = document.body;
  body.classList.toggle("theme-clean", settings.theme !== "felt");
  body.classList.toggle("theme-felt", settings.theme === "felt");
  body.classList.toggle("four-color", !!settings.fourColor);
  body.classList.toggle("no-animations", !settings.animations);
  store.setAnimations(!!settings.animations);
  if (store.game) drawControls(store.game);
}

// --- messages ---------------------------------------------------------------------------

function announce(text) {
  const live = $("live");
  // re-set so that the same sentence twice is announced twice
  live.textContent = "";
  requestAnimationFrame(() => {
    live.textContent = text;
  });
}

/**
 * Show a short message where the help's answers show: one place for messages, the newest
 * replacing the older (an open answer panel gives way, so nothing covers it or the cards
 * it names; the next answer takes the place back).
 */
function notice(text, kind = "info", ms = 5000) {
  help?.giveWay();
  const el = $("notice");
  el.textContent = text;
  el.className = `notice show ${kind}`;
  clearTimeout(noticeTimer);
  noticeTimer = setTimeout(() => el.classList.remove("show"), ms);
}

function clearNotice() {
  clearTimeout(noticeTimer);
  $("notice").classList.remove("show");
}

/** Say and show an error: the server's sentence, or that it did not answer. */
function showError(error) {
  const text = error instanceof ApiError && error.body?.message ? error.body.message : t("announce.network");
  notice(text, "refused", 7000);
  if (error instanceof ApiError) addRulesLink($("notice"), error.body?.rules);
  announce(text);
}

// --- the page around the table follows the game shown -----------------------------------

function drawControls(game) {
  $("undo").disabled = !game.can_undo;
  $("redo").disabled = !game.can_redo;
  $("restart").disabled = false;
  $("assisted").hidden = !game.assisted;
  // the playing time as the server measured it (docs/api.md, labels.time); a setting hides it
  const time = game.labels.time;
  $("time").textContent = time || "";
  $("time-stat").hidden = !time || !settings.showTime;
  document.querySelector(".code").hidden = !game.code;
  // a game started from a position has no code to copy
  $("copy-code").hidden = !game.code;
  $("copy-code").setAttribute("aria-label", game.labels.copy);
  document.body.dataset.version = String(game.version);
  // the server's own test that no useful move is left (docs/api.md, GameState.stuck)
  const stuck = Boolean(game.stuck) && !game.is_won;
  $("stuck-bar").hidden = !stuck;
  $("stuck-text").textContent = stuck ? game.labels.stuck : "";
  $("stuck-undo").hidden = !game.can_undo;
}

/**
 * Follow the game shown. A game won by the action just played is celebrated (the cards
 * leave the table), then its summary shows; a won game shown otherwise (a reload, another
 * tab) shows its summary at once, once.
 */
function gameShown(game, events) {
  drawControls(game);
  if (game.is_won && shownWin !== game.id) {
    shownWin = game.id;
    const justWon = (events || []).some((event) => event.kind === "won");
    const showSummary = () => {
      if (store.game?.id !== game.id || !store.game.is_won) return;
      fillSummary(store.game);
      openDialog($("win-dialog"));
    };
    if (justWon && motionAllowed(settings.animations)) {
      // after the last run has flown to its slot
      setTimeout(() => celebrate(document.querySelectorAll(".removed-slot.filled"), settings.animations).then(showSummary), 450);
    } else showSummary();
  }
  if (!game.is_won && shownWin === game.id) shownWin = null;
}

const replaying = replaySource();

store.subscribe((kind, detail) => {
  if (kind === "game" && !replaying) gameShown(store.game, detail.events);
});

// --- talking to the server: one request at a time, in order -------------------------------

function setBusy(delta) {
  busy += delta;
  if (busy > 0) document.body.dataset.busy = "true";
  else delete document.body.dataset.busy;
}

function enqueue(task) {
  const next = chain.then(task, task);
  chain = next.catch(() => {});
  return next;
}

/** Run `task` after the requests already sent, with the page marked busy meanwhile. */
function run(task) {
  return enqueue(async () => {
    setBusy(1);
    try {
      return await task();
    } finally {
      setBusy(-1);
    }
  });
}

/** Send one action for the current game; true when the server played it. */
function act(body) {
  help?.userAction();
  return run(async () => {
    const game = store.game;
    if (!game) return false;
    try {
      const reply = await api.act(game.id, { version: game.version, ...body });
      clearNotice();
      store.setGame(reply.state, reply.events);
      const text = reply.announcement;
      if (text) announce(text);
      if (reply.events.some((e) => e.kind === "remove_run")) notice(text, "good", 3000);
      return true;
    } catch (error) {
      store.release();
      if (error instanceof ApiError && error.status === 409 && error.body?.state) {
        store.setGame(error.body.state);
        const text = error.body.message || t("announce.stale");
        notice(text, "refused", 6000);
        announce(text);
      } else {
        showError(error);
      }
      return false;
    }
  });
}

const move = (column, count, target) => act({ action: `${column}:${count}>${target}` });
const auto = (column, count) => act({ action: "auto", column, count });
const deal = () => act({ action: "d" });
const undo = () => act({ action: "undo" });
const redo = () => act({ action: "redo" });

/** Show the current game's state again (its labels are in the language asked for). */
function refetch() {
  return run(async () => {
    try {
      store.setGame(await api.game(store.game.id));
    } catch (error) {
      showError(error);
    }
  });
}

/** Show a new game (dealt, or found by a search for a winnable deal), or one `opened` from the history. */
function started(game, opened = false) {
  help?.newGame();
  shownWin = null;
  store.setGame(game);
  announce(opened ? game.labels.resumed : game.labels.new_game);
}

/** The server asks the player first (409 confirm_needed: leaving a game, practice). */
const needsConfirm = (error) => error instanceof ApiError && error.status === 409 && error.reason === "confirm_needed";
/** What startGame and openGame resolve to when the player said no. */
const DECLINED = Object.freeze({ declined: true });

/**
 * Ask the player with the server's sentence: resolves true for yes. The yes button says
 * what it does: "Abandon" when the game in progress would count as a loss, else "Start
 * practice".
 */
function askConfirm(body) {
  const abandon = (body.confirm || []).includes("abandon");
  return ask(body.message || "", t(abandon ? "confirm.abandon" : "confirm.practice"));
}

/** The confirm window: `message`, Cancel and `yes`; resolves true for yes. */
function ask(message, yes) {
  const dialog = $("confirm-dialog");
  $("confirm-text").textContent = message;
  $("confirm-yes").textContent = yes;
  dialog.returnValue = "";
  return new Promise((done) => {
    dialog.addEventListener("close", () => done(dialog.returnValue === "yes"), { once: true });
    openDialog(dialog);
  });
}

/**
 * Send `request(confirm)` (a promise of a GameState) and show its game; when the server
 * asks first, ask the player and send again with the server's `confirm` list. Resolves
 * to null (shown), DECLINED, or the error.
 */
async function withConfirm(request, opened = false) {
  const attempt = (confirm) =>
    run(async () => {
      try {
        started(await request(confirm), opened);
        return null;
      } catch (error) {
        return error;
      }
    });
  const error = await attempt(undefined);
  if (!needsConfirm(error)) return error;
  if (!(await askConfirm(error.body))) return DECLINED;
  return attempt(error.body.confirm || []);
}

/** Start a game from `body` ({code} or {suits, rule}), through the confirmations. */
function startGame(body) {
  return withConfirm((confirm) => api.create(confirm ? { ...body, confirm } : body));
}

/** Show the replay of the player's game `id` (the page in replay mode). */
function watch(id) {
  location.assign(`/?replay=${encodeURIComponent(id)}`);
}

/** Make game `id` (from the history) the current one, through the confirmations. */
function openGame(id) {
  return withConfirm((confirm) => api.open(id, confirm || []), true);
}

async function boot() {
  const code = new URLSearchParams(location.search).get("code");
  if (code) {
    const error = await startGame({ code });
    history.replaceState(null, "", location.pathname);
    if (!error) return;
    if (error !== DECLINED) showError(error);
  }
  let current = null;
  try {
    current = await api.current();
  } catch (error) {
    showError(error);
  }
  if (current) {
    store.setGame(current);
    announce(current.labels.resumed);
  } else {
    const error = await startGame({ suits: settings.suits, rule: settings.rule });
    if (error) showError(error);
  }
}

// --- dialogs ----------------------------------------------------------------------------

function openDialog(dialog) {
  if (!dialog.open) dialog.showModal();
}

function wireNewGame() {
  const form = $("new-form");
  const ruleField = $("rule-field");
  const syncRule = () => {
    // with one suit the two rules play the same: the choice is hidden
    ruleField.hidden = form.elements.suits.value === "1";
    // a typed code names its deal: "winnable deals only" does not apply
    form.elements.winnable.disabled = form.elements.code.value.trim() !== "";
  };
  form.addEventListener("change", syncRule);
  form.elements.code.addEventListener("input", syncRule);
  $("new-game").addEventListener("click", () => {
    form.elements.suits.value = String(settings.suits);
    form.elements.rule.value = settings.rule;
    form.elements.code.value = "";
    form.elements.winnable.checked = !!settings.winnable;
    $("new-error").textContent = "";
    syncRule();
    openDialog($("new-dialog"));
  });
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const code = form.elements.code.value.trim();
    settings.suits = Number(form.elements.suits.value) || 1;
    settings.rule = form.elements.rule.value || "classic";
    settings.winnable = form.elements.winnable.checked;
    saveSettings();
    const body = code ? { code } : { suits: settings.suits, rule: settings.suits === 1 ? "classic" : settings.rule };
    $("new-error").textContent = "";
    if (!code && settings.winnable) {
      // the server deals games until the solver wins one; the window shows the progress
      const submit = form.querySelector("[type=submit]");
      submit.disabled = true;
      const game = await help.searchDeal(body, askConfirm);
      submit.disabled = false;
      if (game) {
        enqueue(() => started(game));
        $("new-dialog").close("start");
      }
      return;
    }
    const error = await startGame(body);
    if (error === DECLINED) return;
    if (error) {
      $("new-error").textContent = error instanceof ApiError && error.body?.message ? error.body.message : t("announce.network");
      return;
    }
    $("new-dialog").close("start");
  });
}

function wireSettings() {
  const form = $("settings-form");
  $("settings").addEventListener("click", () => {
    form.elements.lang.value = settings.lang;
    form.elements.theme.value = settings.theme;
    for (const name of ["fourColor", "animations", "showTime", "doubleClick", "autoPlace"]) form.elements[name].checked = !!settings[name];
    openDialog($("settings-dialog"));
  });
  form.addEventListener("change", async (event) => {
    const field = event.target;
    settings[field.name] = field.type === "checkbox" ? field.checked : field.value;
    saveSettings();
    applySettings();
    if (field.name === "lang") {
      await setLanguage(settings.lang || browserLanguage());
      applyToDom();
      view.relabel();
      help.relabel();
      if (store.game) refetch(); // the table's labels, in the new language
    }
  });
}

function wireDialogs() {
  for (const button of document.querySelectorAll("dialog [data-close]")) {
    button.addEventListener("click", () => button.closest("dialog").close("cancel"));
  }
  wireNewGame();
  $("restart").addEventListener("click", () => openDialog($("restart-dialog")));
  $("restart-dialog").addEventListener("close", () => {
    if ($("restart-dialog").returnValue === "restart") act({ action: "restart" });
    $("restart-dialog").returnValue = "";
  });
  $("win-dialog").addEventListener("close", async () => {
    const choice = $("win-dialog").returnValue;
    $("win-dialog").returnValue = "";
    const game = store.game;
    if (choice === "new") $("new-game").click();
    else if (choice === "replay" && game) watch(game.id);
    else if (choice === "same" && game?.code) {
      // the same deal again: the server says it is practice before it starts
      const error = await startGame({ code: game.code });
      if (error && error !== DECLINED) showError(error);
    }
  });
  wireSettings();
  wireMenu();
}

/**
 * The menu: the record's dialogs, and on a small phone the header's buttons that do not
 * fit there (base.css hides them; their menu items click them).
 */
function wireMenu() {
  const dialog = $("menu-dialog");
  $("menu-button").addEventListener("click", () => {
    const game = store.game;
    $("menu-variant").textContent = game?.labels.variant || "";
    $("menu-code").textContent = game?.code || "";
    $("menu-copy").hidden = !game?.code;
    openDialog(dialog);
  });
  $("open-daily").addEventListener("click", () => {
    dialog.close();
    daily.openCalendar();
  });
  const items = { "open-stats": "openStats", "open-history": "openHistory", "open-transfer": "openTransfer" };
  for (const [id, method] of Object.entries(items)) {
    $(id).addEventListener("click", () => {
      dialog.close();
      record[method]();
    });
  }
  for (const item of dialog.querySelectorAll("[data-menu]")) {
    item.addEventListener("click", () => {
      dialog.close();
      $(item.dataset.menu).click();
    });
  }
}

async function copyCode() {
  const game = store.game;
  if (!game) return;
  try {
    await navigator.clipboard.writeText(game.code || "");
    notice(game.labels.copied, "good", 2500);
    announce(game.labels.copied);
  } catch {
    notice(game.labels.copy_failed, "info", 6000);
    announce(game.labels.copy_failed);
  }
}

// --- start ------------------------------------------------------------------------------

async function main() {
  await setLanguage(settings.lang || browserLanguage());
  applyToDom();
  const tableau = $("tableau");
  view = createView(
    {
      tableau,
      stock: $("stock"),
      stockRows: $("stock-rows"),
      removed: $("removed"),
      score: $("score"),
      moves: $("moves"),
      code: $("code"),
      variant: $("variant"),
    },
    store,
  );
  applySettings();
  help = createHelp(api, store, { run, act, announce, showError, clearNotice });
  if (replaying) {
    // a replay is watched: no input on the table, no game of the player's is touched
    for (const el of document.querySelectorAll(".actions, .assist-bar, #copy-code")) el.hidden = true;
    document.documentElement.classList.remove("booting");
    await startReplay(api, store, replaying, { animations: () => settings.animations, announce, showError });
    document.documentElement.classList.add("ready");
    return;
  }
  record = createRecord(api, { openDialog, ask, openGame, currentGame: () => store.game, showError, announce, watch });
  daily = createDaily(api, store, { openDialog, startGame, declined: DECLINED, showError });
  attachPointer(tableau, view, store, { settings: () => settings, onMove: move, onAuto: auto });
  attachKeyboard(tableau, view, store, {
    onMove: move,
    onAuto: auto,
    onDeal: deal,
    onUndo: undo,
    onRedo: redo,
    onHint: () => help.hint(),
    onEscape: () => help.close(),
    announce,
    whenIdle: () => chain,
  });
  $("stock").addEventListener("click", deal);
  $("undo").addEventListener("click", undo);
  $("stuck-undo").addEventListener("click", () => $("undo").click());
  $("stuck-restart").addEventListener("click", () => $("restart").click());
  $("stuck-new").addEventListener("click", () => $("new-game").click());
  $("redo").addEventListener("click", redo);
  $("copy-code").addEventListener("click", copyCode);
  wireDialogs();
  attachRules();
  const tour = createTour(store);
  document.documentElement.classList.remove("booting");
  await boot();
  tour.maybeStart();
  document.documentElement.classList.add("ready");
}

main().catch((error) => {
  document.documentElement.classList.remove("booting");
  console.error(error);
});
