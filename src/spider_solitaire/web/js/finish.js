// The end of a game: the celebration (the removed runs' cards leave the table, flying off
// the bottom of the screen) and the summary window, from the won game's `record.summary`
// (docs/api.md). It builds no sentence: the summary's `text` and `bests` are the server's;
// the figures are numbers formatted with Intl.
import { motionAllowed } from "./animate.js";
import { t } from "./i18n.js";
import { formatDuration, formatNumber } from "./format.js";

const RANKS = "KQJT98765432A";
const CARD_MS = 1100; // one card's flight
const CARD_STAGGER_MS = 28; // between two cards leaving

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
 * in an arc off the bottom of the screen. Resolves when they are gone (at once, with no
 * animation, when the player turned animations off or the system asks for reduced motion).
 *
 * @param slots the removed-run slot elements (`.removed-slot.filled`, data-suit set)
 * @param animations the player's animation setting
 */
export function celebrate(slots, animations) {
  if (!motionAllowed(animations)) return Promise.resolve(false);
  const layer = document.createElement("div");
  layer.className = "celebration";
  layer.setAttribute("aria-hidden", "true");
  document.body.append(layer);
  const height = innerHeight;
  const runs = [...slots].filter((slot) => slot.dataset.suit);
  const flights = [];
  let order = 0;
  runs.forEach((slot, runIndex) => {
    const box = slot.getBoundingClientRect();
    for (const rank of RANKS) {
      const el = cardElement(rank, slot.dataset.suit);
      // the size of the slot, the King on top: the run leaves from the top
      el.style.left = `${box.left}px`;
      el.style.top = `${box.top}px`;
      el.style.width = `${box.width}px`;
      el.style.height = `${box.height}px`;
      el.style.zIndex = String(RANKS.length - RANKS.indexOf(rank));
      layer.append(el);
      const side = (runIndex % 2 ? 1 : -1) * (60 + ((order * 37) % 140));
      const drop = height - box.top + 40;
      flights.push(
        el.animate(
          [
            { transform: "translate(0, 0) rotate(0deg)", opacity: 1 },
            { transform: `translate(${side * 0.5}px, ${-40 - (order % 5) * 12}px) rotate(${side / 6}deg)`, opacity: 1, offset: 0.3 },
            { transform: `translate(${side}px, ${drop}px) rotate(${side / 2}deg)`, opacity: 0.9 },
          ],
          { duration: CARD_MS, delay: order * CARD_STAGGER_MS, easing: "cubic-bezier(.3,.1,.7,1)", fill: "both" },
        ).finished.catch(() => null),
      );
      order += 1;
    }
  });
  for (const slot of runs) slot.classList.add("celebrated");
  return Promise.all(flights).then(() => {
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
  const $ = (id) => document.getElementById(id);
  $("win-text").textContent = summary?.text || game.labels.win || "";
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
