// The end of a game: the celebration (the removed runs' cards leave the table, flying off
// the bottom of the screen) and the summary window, from the won game's `record.summary`
// (docs/api.md). It builds no sentence: the summary's `text` and `bests` are the server's;
// the figures are numbers formatted with Intl.
import { motionAllowed } from "./animate.js";
import { t } from "./i18n.js";
import { formatDuration, formatNumber } from "./format.js";
import { openDialog } from "./dialogs.js";

const $ = (id) => document.getElementById(id);
const RANKS = "KQJT98765432A";
const CARD_MS = 900; // one card's flight
const CARD_STAGGER_MS = 8; // between two cards leaving: 104 cards leave within 0.85 s
const CELEBRATION_DELAY_MS = 300; // after the winning move's last run has flown to its slot
const SKIP_EVENTS = ["pointerdown", "keydown"]; // either skips the celebration

function cardElement(rank, suit) {
  const el = document.createElement("div");
  el.className = `card up suit-${suit}`;
  const corner = document.createElement("span");
  corner.className = "corner";
  const rankEl = document.createElement("span");
  rankEl.className = "rank";
  const key = `rank.short.${rank}`;
  rankEl.textContent = t(key) === key ? rank : t(key);
  const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
  svg.setAttribute("class", "pip");
  const use = document.createElementNS("http://www.w3.org/2000/svg", "use");
  use.setAttribute("href", `#suit-${suit}`);
  svg.append(use);
  corner.append(rankEl, svg);
  el.append(corner);
  return el;
}

/**
 * Play the celebration: each removed run's 13 cards leave their slot one after another,
 * in an arc off the bottom of the screen, under the header (the score stays in sight: the
 * layer starts below it and clips what flies higher). Resolves when they are gone (at
 * once, with no animation, when the player turned animations off or the system asks for
 * reduced motion). A click, a tap or a key skips it: every card lands at once.
 *
 * @param slots the removed-run slot elements (`.removed-slot.filled`, data-suit set)
 * @param animations the player's animation setting
 */
export function celebrate(slots, animations) {
  if (!motionAllowed(animations)) return Promise.resolve(false);
  const layer = document.createElement("div");
  layer.className = "celebration";
  layer.setAttribute("aria-hidden", "true");
  const top = Math.max(0, document.querySelector(".bar")?.getBoundingClientRect().bottom || 0);
  layer.style.top = `${top}px`;
  document.body.append(layer);
  const height = innerHeight - top;
  const running = [];
  const runs = [...slots].filter((slot) => slot.dataset.suit);
  const flights = [];
  let order = 0;
  runs.forEach((slot, runIndex) => {
    const box = slot.getBoundingClientRect();
    for (const rank of RANKS) {
      const el = cardElement(rank, slot.dataset.suit);
      // the size of the slot, the King on top: the run leaves from the top
      el.style.left = `${box.left}px`;
      el.style.top = `${box.top - top}px`; // the layer is the cards' containing block
      el.style.width = `${box.width}px`;
      el.style.height = `${box.height}px`;
      el.style.zIndex = String(RANKS.length - RANKS.indexOf(rank));
      layer.append(el);
      const side = (runIndex % 2 ? 1 : -1) * (60 + ((order * 37) % 140));
      const drop = height - (box.top - top) + 40;
      const flight = el.animate(
          [
            { transform: "translate(0, 0) rotate(0deg)", opacity: 1 },
            { transform: `translate(${side * 0.5}px, ${-40 - (order % 5) * 12}px) rotate(${side / 6}deg)`, opacity: 1, offset: 0.3 },
            { transform: `translate(${side}px, ${drop}px) rotate(${side / 2}deg)`, opacity: 0.9 },
          ],
          { duration: CARD_MS, delay: order * CARD_STAGGER_MS, easing: "cubic-bezier(.3,.1,.7,1)", fill: "both" },
        );
      running.push(flight);
      flights.push(flight.finished.catch(() => null));
      order += 1;
    }
  });
  for (const slot of runs) slot.classList.add("celebrated");
  const skip = () => {
    for (const flight of running) flight.finish();
  };
  for (const kind of SKIP_EVENTS) addEventListener(kind, skip, true);
  return Promise.all(flights).then(() => {
    for (const kind of SKIP_EVENTS) removeEventListener(kind, skip, true);
    layer.remove();
    for (const slot of runs) slot.classList.remove("celebrated");
    return true;
  });
}

/**
 * Fill the summary window from a won game: the server's sentence, the figures, the
 * personal bests, whether it was assisted; "Same deal again" only for a game with a code.
 *
 * @param game the GameState (record.summary may be null: then labels.win alone)
 */
export function fillSummary(game) {
  const summary = game.record?.summary || null;
  // each thing once: the figures, streak, bests and assisted note below say the rest of
  // the summary's sentence (which a screen reader hears as the window's description)
  $("win-said").textContent = summary?.text || game.labels.win || "";
  $("win-text").textContent = summary ? summary.note || "" : game.labels.win || "";
  $("win-text").hidden = !$("win-text").textContent;
  $("win-figures").hidden = !summary;
  $("win-bests").replaceChildren();
  $("win-assisted").hidden = !(summary ? summary.assisted : game.assisted);
  $("win-same").hidden = !game.code;
  $("win-replay").hidden = !game.record;
  if (!summary) return;
  $("win-score").textContent = formatNumber(summary.score);
  $("win-moves").textContent = formatNumber(summary.moves);
  $("win-time").textContent = formatDuration(summary.playing_ms);
  // practice has no streak (the server's sentence says it was practice)
  $("win-streak-row").hidden = summary.streak == null || !!game.record?.practice;
  $("win-streak").textContent = formatNumber(summary.streak);
  for (const best of summary.bests || []) {
    const li = document.createElement("li");
    li.textContent = best;
    $("win-bests").append(li);
  }
}

/**
 * The summary window follows the game shown (call `shown` with each one): a game won by
 * the action just played is celebrated (the cards leave the table), then its summary
 * shows; a won game shown otherwise (a reload, another tab) shows its summary at once,
 * once. The window's buttons: a new game, the replay, the same deal again.
 *
 * @param store the store of state.js
 * @param host.animations () => boolean: the player's setting
 * @param host.newGame () => void: open the New game window
 * @param host.watch (id, review) => void: show the replay of game `id` (with its review when `review`)
 * @param host.startGame (body) => Promise<null | DECLINED | error>
 * @param host.declined what startGame resolves to when the player said no
 * @param host.showError (error) => void
 * @param host.celebrating (on) => void: the celebration starts (true) or ends (false)
 * @returns {shown(game, events), forget()}: forget: show the summary again when its game
 *   is shown won (it was started again, or opened from the history)
 */
export function createSummary(store, host) {
  let shownWin = null;

  function shown(game, events) {
    if (game.is_won && shownWin !== game.id) {
      shownWin = game.id;
      const justWon = (events || []).some((event) => event.kind === "won");
      const showSummary = () => {
        if (store.game?.id !== game.id || !store.game.is_won) return;
        fillSummary(store.game);
        openDialog($("win-dialog"));
      };
      if (justWon && motionAllowed(host.animations())) {
        // after the last run has flown to its slot; the help's buttons wait meanwhile
        host.celebrating(true);
        const done = () => {
          host.celebrating(false);
          showSummary();
        };
        setTimeout(() => celebrate(document.querySelectorAll(".removed-slot.filled"), host.animations()).then(done), CELEBRATION_DELAY_MS);
      } else showSummary();
    }
    if (!game.is_won && shownWin === game.id) shownWin = null;
  }

  const dialog = $("win-dialog");
  dialog.addEventListener("close", async () => {
    const choice = dialog.returnValue;
    dialog.returnValue = "";
    const game = store.game;
    if (choice === "new") host.newGame();
    else if (choice === "replay" && game) host.watch(game.id);
    else if (choice === "review" && game) host.watch(game.id, true);
    else if (choice === "same" && game?.code) {
      // the same deal again: the server says it is practice before it starts
      const error = await host.startGame({ code: game.code });
      if (error && error !== host.declined) host.showError(error);
    }
  });

  return {
    shown,
    forget() {
      shownWin = null;
    },
  };
}
