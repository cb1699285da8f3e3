// The host: wires the modules together. Like chessground's host, it tells the table what
// is legal (the server's `groups`, through the store) and is told what the player did
// (pointer.js, keyboard.js); session.js sends it and puts the answer into the store.
// Each module has one job (see its header); this file only connects them.
import { createApi } from "./api.js";
import { createStore } from "./state.js";
import { createView } from "./render.js";
import { attachPointer } from "./pointer.js";
import { attachKeyboard } from "./keyboard.js";
import { createHelp } from "./help/index.js";
import { createSummary } from "./finish.js";
import { createDaily } from "./daily.js";
import { language } from "./i18n.js";
import { attachRules } from "./ruleslink.js";
import { createTour } from "./tour.js";
import { createRequests } from "./requests.js";
import { createMessages } from "./messages.js";
import { createSettings } from "./settings.js";
import { frameWindows, openDialog, attachCloseButtons, trackInputKind, ask, askConfirm } from "./dialogs.js";
import { createSession, DECLINED } from "./session.js";
import { createControls } from "./controls.js";
import { attachNewGame } from "./newgame.js";
import { attachMenu } from "./menu.js";

const $ = (id) => document.getElementById(id);

// a request answered takes down the notice that the server did not answer
const api = createApi({ language, answered: () => messages.serverAnswered() });
const store = createStore();
const settings = createSettings(store);
const requests = createRequests();
let help = null;
const messages = createMessages({ giveWay: () => help?.giveWay() });
const { announce, showError, clearNotice } = messages;
// the replay viewer (replay.js) is fetched only to watch a replay: a lighter first load
const replayAsked = location.pathname.startsWith("/replay/") || new URLSearchParams(location.search).has("replay");

/**
 * sound.js (the sounds, Web Audio, and the header's sound panel) comes at the player's
 * first gesture on the page (a pointer down, a key, a click), before which no answer can
 * ask for a sound: a lighter first load. From that gesture on, the store's notices are
 * held and handed to it when it arrives, so the first move sounds like any other.
 *
 * @returns Promise<{sound, control}>: createSound's and attachSoundControl's answers
 */
function soundAtFirstGesture() {
  const gestures = ["pointerdown", "keydown", "click"];
  return new Promise((resolve) => {
    function load() {
      for (const kind of gestures) removeEventListener(kind, load, true);
      const held = [];
      let hear = (kind, detail) => held.push([kind, detail]);
      store.subscribe((kind, detail) => hear(kind, detail));
      const later = {
        subscribe(fn) {
          for (const [kind, detail] of held.splice(0)) fn(kind, detail);
          hear = fn;
        },
      };
      import("./sound.js").then(({ createSound, attachSynth, attachSoundControl }) => {
        attachSynth();
        const sound = createSound(later, settings);
        resolve({ sound, control: attachSoundControl(settings, sound) });
      }, console.error);
    }
    for (const kind of gestures) addEventListener(kind, load, true);
  });
}

/**
 * The record's windows (record.js: Statistics, Game history, transfer) come the first
 * time one of them opens: a lighter first load.
 *
 * @param host what createRecord takes besides the API (record.js)
 * @returns {openStats, openHistory, openTransfer}, each loading record.js first
 */
function recordWhenOpened(host) {
  let record = null;
  const open = (name) => () =>
    (record ??= import("./record.js").then((module) => module.createRecord(api, host))).then(
      (windows) => windows[name](),
      (error) => {
        record = null; // try again next time
        host.showError(error);
      },
    );
  return { openStats: open("openStats"), openHistory: open("openHistory"), openTransfer: open("openTransfer") };
}

async function main() {
  frameWindows();
  await settings.applyLanguage();
  const tableau = $("tableau");
  const view = createView(
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
  settings.apply();
  let summary = null;
  const soundReady = soundAtFirstGesture();
  // the notice's module comes at the first action played with its setting on (a lighter
  // first load): until then there is no check to stop and no notice to hide
  let notice = null;
  let noticeLoading = null;
  const loadNotice = () =>
    (noticeLoading ??= import("./notice.js").then(({ createNotice }) => (notice = makeNotice(createNotice))));
  const session = createSession(api, store, requests, messages, {
    askConfirm,
    refused: (error) => soundReady.then(({ sound }) => sound.refused(error)),
    beforeAction: () => help?.userAction(),
    acted: (body, state) => {
      help?.acted();
      if (notice) notice.acted(body, state);
      else if (settings.values.noticeLoss) loadNotice().then((loaded) => loaded.acted(body, state));
    },
    started: () => {
      help?.newGame();
      summary?.forget();
      notice?.forget();
    },
  });
  const makeNotice = (createNotice) =>
    createNotice(api, store, {
      enabled: () => !!settings.values.noticeLoss,
      bar: {
        show(text) {
          help?.giveWay();
          $("notice-lost-text").textContent = text;
          $("notice-lost").hidden = false;
        },
        hide: () => ($("notice-lost").hidden = true),
      },
      announce,
    });
  $("notice-lost-undo").addEventListener("click", () => session.undo());
  $("notice-lost-close").addEventListener("click", () => notice?.hide());
  help = createHelp(api, store, { run: requests.run, act: session.act, announce, showError, clearNotice });
  const replay = replayAsked ? await import("./replay.js") : null;
  const replaying = replay?.replaySource();
  if (replaying) {
    // a replay is watched: no input on the table, no game of the player's is touched
    for (const el of document.querySelectorAll(".actions, .help-bar, #copy-code")) el.hidden = true;
    document.documentElement.classList.remove("booting");
    await replay.startReplay(api, store, replaying, { animations: () => settings.values.animations, announce, showError });
    document.documentElement.classList.add("ready");
    return;
  }
  const { startGame, openGame, watch } = session;
  const controls = createControls(store, settings, session, messages);
  summary = createSummary(store, {
    animations: () => settings.values.animations,
    newGame: () => $("new-game").click(),
    watch,
    startGame,
    declined: DECLINED,
    showError,
    celebrating: controls.celebrating,
  });
  store.subscribe((kind, detail) => {
    if (kind !== "game") return;
    controls.draw(store.game);
    summary.shown(store.game, detail.events);
  });
  const record = recordWhenOpened({ openDialog, ask, openGame, currentGame: () => store.game, showError, announce, watch });
  const daily = createDaily(api, store, { openDialog, startGame, declined: DECLINED, showError });
  view.onTakeOff(session.takeOff);
  let takeOffs = "";
  store.subscribe((kind) => {
    // a run the player may now take off (spider-1949) is said once, in the server's words
    if (kind !== "game" || !store.game) return;
    const offers = store.game.take_offs || [];
    const now = offers.map((offer) => offer.column).join(",");
    const fresh = offers.filter((offer) => !takeOffs.split(",").includes(String(offer.column)));
    takeOffs = now;
    if (fresh.length) announce(fresh.map((offer) => offer.ready).join(" "));
  });
  attachPointer(tableau, view, store, { settings: () => settings.values, onMove: session.move, onAuto: session.auto });
  attachKeyboard(tableau, view, store, {
    onMove: session.move,
    onAuto: session.auto,
    onDeal: session.deal,
    onTakeOff: session.takeOff,
    onUndo: session.undo,
    onRedo: session.redo,
    onHint: () => help.hint(),
    onThinkLonger: () => help.thinkLonger(),
    onEscape: () => help.close(),
    announce,
    whenIdle: requests.whenIdle,
  });
  attachCloseButtons();
  trackInputKind();
  attachNewGame(settings, session, requests, help, api);
  settings.attachWindow({
    openDialog,
    changed(name) {
      soundReady.then(({ control }) => control.sync());
      if (name === "noticeLoss" && !settings.values.noticeLoss) notice?.forget();
      if (store.game) controls.draw(store.game);
      if (name !== "lang") return;
      view.relabel();
      help.relabel();
      if (store.game) session.refetch(); // the table's labels, in the new language
    },
  });
  attachMenu(store, record, daily);
  attachRules();
  const tour = createTour(store);
  document.documentElement.classList.remove("booting");
  await session.boot({ suits: settings.values.suits, rule: settings.values.rule });
  tour.maybeStart();
  document.documentElement.classList.add("ready");
}

main().catch((error) => {
  document.documentElement.classList.remove("booting");
  console.error(error);
});
