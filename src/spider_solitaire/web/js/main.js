// The host: talks to the server, owns the settings, wires the board, the dialogs and
// the buttons. Like chessground's host, it tells the board what is legal (the server's
// `groups`) and is told what the player did.
import { createApi, ApiError, NetworkError } from "./api.js";
import { Board } from "./render.js";
import { attachDrag } from "./drag.js";
import { attachKeyboard, describeCards } from "./keyboard.js";
import { attachAssist } from "./assist.js";
import { setLanguage, language, browserLanguage, applyToDom, t, cardName, suitName } from "./i18n.js";

const SETTINGS_KEY = "spider.settings";
const DEFAULTS = {
  lang: "", // "" = from the browser
  theme: "clean",
  fourColor: false,
  animations: true,
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

let settings = loadSettings();

function saveSettings() {
  try {
    localStorage.setItem(SETTINGS_KEY, JSON.stringify(settings));
  } catch {
    /* private mode: settings last for this visit */
  }
}

function applySettings() {
  const body = document.body;
  body.classList.toggle("theme-clean", settings.theme !== "felt");
  body.classList.toggle("theme-felt", settings.theme === "felt");
  body.classList.toggle("four-color", !!settings.fourColor);
  body.classList.toggle("no-animations", !settings.animations);
  board?.setAnimations(!!settings.animations);
}

const api = createApi({ language });
let board = null;
let assist = null;
let state = null;
let busy = 0;
let chain = Promise.resolve();
let noticeTimer = 0;
let shownWin = null;

// --- messages ---------------------------------------------------------------------------

function announce(text) {
  const live = $("live");
  // re-set so that the same sentence twice is announced twice
  live.textContent = "";
  requestAnimationFrame(() => {
    live.textContent = text;
  });
}

function notice(text, kind = "info", ms = 5000) {
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

function describeEvents(events) {
  const parts = [];
  for (const e of events) {
    if (e.kind === "move") parts.push(t("announce.moved", { cards: describeCards(e.cards), source: e.source, target: e.target }));
    else if (e.kind === "turn_up") parts.push(t("announce.turned_up", { card: cardName(e.card), column: e.column }));
    else if (e.kind === "deal") parts.push(t("announce.dealt"));
    else if (e.kind === "remove_run") parts.push(t("announce.removed", { suit: suitName(e.suit) }));
    else if (e.kind === "won") parts.push(t("announce.won", { score: e.score }));
  }
  return parts.join(" ");
}

function showError(error) {
  if (error instanceof ApiError && error.body?.message) {
    notice(error.body.message, "refused", 7000);
    announce(error.body.message);
  } else {
    notice(t("announce.network"), "refused", 7000);
    announce(t("announce.network"));
  }
}

// --- state ------------------------------------------------------------------------------

function setBusy(delta) {
  busy += delta;
  if (busy > 0) document.body.dataset.busy = "true";
  else delete document.body.dataset.busy;
}

function show(next) {
  state = next;
  board.setState(next);
  assist?.stateShown(next);
  $("undo").disabled = !next.can_undo;
  $("redo").disabled = !next.can_redo;
  $("restart").disabled = false;
  $("assisted").hidden = !next.assisted;
  document.querySelector(".code").hidden = !next.code;
  document.body.dataset.version = String(next.version);
  if (next.is_won && shownWin !== next.id) {
    shownWin = next.id;
    $("win-text").textContent =
      t("win.text", { score: next.score }) + (next.assisted ? " " + t("win.assisted") : "");
    setTimeout(() => openDialog($("win-dialog")), settings.animations ? 400 : 0);
  }
  if (!next.is_won && shownWin === next.id) shownWin = null;
}

function enqueue(task) {
  const run = chain.then(task, task);
  chain = run.catch(() => {});
  return run;
}

/** Send one action for the current game; true when the server played it. */
function act(body) {
  assist?.userAction();
  return enqueue(async () => {
    if (!state) return false;
    setBusy(1);
    try {
      const answer = await api.act(state.id, { version: state.version, ...body });
      clearNotice();
      show(answer.state);
      let text = describeEvents(answer.events || []);
      if (body.action === "undo") text = t("announce.undone");
      else if (body.action === "redo") text = `${t("announce.redone")} ${text}`.trim();
      else if (body.action === "restart") text = t("announce.restarted");
      if (text) announce(text);
      if ((answer.events || []).some((e) => e.kind === "remove_run")) notice(text, "good", 3000);
      return true;
    } catch (error) {
      board.release();
      if (error instanceof ApiError && error.status === 409 && error.body?.state) {
        show(error.body.state);
        const text = error.body.message || t("announce.stale");
        notice(text, "refused", 6000);
        announce(text);
      } else {
        showError(error);
      }
      return false;
    } finally {
      setBusy(-1);
    }
  });
}

const move = (col, count, target) => act({ action: `${col}:${count}>${target}` });
const auto = (col, count) => act({ action: "auto", column: col, count });
const deal = () => act({ action: "d" });
const undo = () => act({ action: "undo" });
const redo = () => act({ action: "redo" });

/** Show a new game (dealt, or found by a search for a winnable deal). */
function started(next) {
  assist?.newGame();
  shownWin = null;
  show(next);
  announce(t("announce.new_game", { code: next.code || "", level: t(`level.${next.suits}`) }));
}

async function startGame(body) {
  return enqueue(async () => {
    setBusy(1);
    try {
      started(await api.create(body));
      return null;
    } catch (error) {
      return error;
    } finally {
      setBusy(-1);
    }
  });
}

async function boot() {
  const params = new URLSearchParams(location.search);
  const code = params.get("code");
  if (code) {
    const error = await startGame({ code });
    history.replaceState(null, "", location.pathname);
    if (!error) return;
    showError(error);
  }
  let current = null;
  try {
    current = await api.current();
  } catch (error) {
    showError(error);
  }
  if (current) {
    show(current);
    announce(t("announce.resumed", { code: current.code || "" }));
  } else {
    const error = await startGame({ suits: settings.suits, rule: settings.rule });
    if (error) showError(error);
  }
}

// --- dialogs ----------------------------------------------------------------------------

function openDialog(dialog) {
  if (!dialog.open) dialog.showModal();
}

function wireDialogs() {
  for (const button of document.querySelectorAll("dialog [data-close]")) {
    button.addEventListener("click", () => button.closest("dialog").close("cancel"));
  }

  // new game
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
      const next = await assist.searchDeal(body);
      submit.disabled = false;
      if (next) {
        enqueue(() => started(next));
        $("new-dialog").close("start");
      }
      return;
    }
    const error = await startGame(body);
    if (error) {
      $("new-error").textContent = error instanceof ApiError && error.body?.message ? error.body.message : t("announce.network");
      return;
    }
    $("new-dialog").close("start");
  });

  // restart
  $("restart").addEventListener("click", () => openDialog($("restart-dialog")));
  $("restart-dialog").addEventListener("close", () => {
    if ($("restart-dialog").returnValue === "restart") act({ action: "restart" });
    $("restart-dialog").returnValue = "";
  });

  // win
  $("win-dialog").addEventListener("close", () => {
    if ($("win-dialog").returnValue === "new") $("new-game").click();
    $("win-dialog").returnValue = "";
  });

  // settings
  const sform = $("settings-form");
  $("settings").addEventListener("click", () => {
    sform.elements.lang.value = settings.lang;
    sform.elements.theme.value = settings.theme;
    for (const name of ["fourColor", "animations", "doubleClick", "autoPlace"]) sform.elements[name].checked = !!settings[name];
    openDialog($("settings-dialog"));
  });
  sform.addEventListener("change", async (event) => {
    const field = event.target;
    if (field.type === "checkbox") settings[field.name] = field.checked;
    else settings[field.name] = field.value;
    saveSettings();
    applySettings();
    if (field.name === "lang") {
      await setLanguage(settings.lang || browserLanguage());
      applyToDom();
      board.relabel();
      assist.relabel();
    }
  });
}

// --- start ------------------------------------------------------------------------------

async function main() {
  await setLanguage(settings.lang || browserLanguage());
  applyToDom();
  board = new Board({
    tableau: $("tableau"),
    stock: $("stock"),
    stockRows: $("stock-rows"),
    removed: $("removed"),
    score: $("score"),
    moves: $("moves"),
    code: $("code"),
  });
  applySettings();
  attachDrag(board, { settings: () => settings, onMove: move, onAuto: auto });
  attachKeyboard(board, { onMove: move, onAuto: auto, onDeal: deal, onUndo: undo, onRedo: redo, announce });
  assist = attachAssist({
    api,
    board,
    enqueue,
    show,
    act,
    announce,
    showError,
    setBusy,
    describe: describeEvents,
    getState: () => state,
    animations: () => board.animate,
  });
  $("stock").addEventListener("click", deal);
  $("undo").addEventListener("click", undo);
  $("redo").addEventListener("click", redo);
  $("copy-code").addEventListener("click", async () => {
    const code = state?.code || "";
    try {
      await navigator.clipboard.writeText(code);
      notice(t("announce.copied", { code }), "good", 2500);
      announce(t("announce.copied", { code }));
    } catch {
      notice(t("announce.copy_failed", { code }), "info", 6000);
      announce(t("announce.copy_failed", { code }));
    }
  });
  board.onRender(() => {
    // a game started from a position has no code to copy
    $("copy-code").hidden = !state?.code;
    $("copy-code").setAttribute("aria-label", t("button.copy_label", { code: state?.code || "" }));
  });
  wireDialogs();
  document.documentElement.classList.remove("booting");
  await boot();
  document.documentElement.classList.add("ready");
}

main().catch((error) => {
  document.documentElement.classList.remove("booting");
  console.error(error);
});
