// The guided start: at most five short steps on a first visit (what the game is for: eight
// runs from King to Ace of one suit, in the removed runs' places; the stock, a card that
// can move and where it can go, Undo, Hint), each marking what it talks about with the help's
// marks (store.setHighlight). At the card that can move, the player makes the move (it
// does not only tell, issue 31): the step has no Next, and the guided start goes on once
// the game has a new version (the server took an action: that move, or any other).
// Skippable, shown once (remembered in localStorage like the settings), and shown again
// from the rules page's link (/?tour).
import { t } from "./i18n.js";

const SEEN_KEY = "spider.tour";

function seen() {
  try {
    return localStorage.getItem(SEEN_KEY) === "seen";
  } catch {
    return false;
  }
}

function remember() {
  try {
    localStorage.setItem(SEEN_KEY, "seen");
  } catch {
    /* private mode: the guided start may come back next visit */
  }
}

/**
 * The steps for `game` (the current GameState): each {text, mark, play}. The first says what the
 * game is for (issue 19, item 12), marking the removed runs' places (eight, or four). The card that can move
 * is one the server listed with a column to go to (`groups[].targets`): its auto target,
 * else the first listed; the step is left out when no group can go anywhere. `play`: the
 * step waits for the player's move (that one).
 */
export function tourSteps(game) {
  const steps = [
    { text: "tour.goal", mark: { controls: ["removed"] } },
    { text: "tour.stock", mark: { controls: ["stock"] } },
  ];
  const group = game?.groups?.find((g) => g.targets.length && g.count === 1) || game?.groups?.find((g) => g.targets.length);
  if (group) {
    const target = group.targets.includes(group.auto) ? group.auto : group.targets[0];
    steps.push({ text: "tour.move", mark: { column: group.column, count: group.count, target }, play: true });
  }
  steps.push({ text: "tour.undo", mark: { controls: ["undo"] } });
  steps.push({ text: "tour.hint", mark: { controls: ["hint"] } });
  return steps;
}

/**
 * @param store state.js's store (game, setHighlight)
 * @returns {maybeStart(), start(), close()}
 */
export function createTour(store) {
  let panel = null;
  let steps = [];
  let at = 0;
  let returnFocus = null;
  let waitingFrom = null; // the game's version when a `play` step showed

  // a `play` step goes on once the player has played (a new version of the same game)
  store.subscribe((kind) => {
    if (kind !== "game" || waitingFrom == null || !panel || panel.hidden) return;
    const game = store.game;
    if (game && game.id === waitingFrom.id && game.version > waitingFrom.version) show(at + 1);
  });

  function build() {
    panel = document.createElement("section");
    panel.id = "tour";
    panel.className = "tour";
    panel.setAttribute("role", "dialog");
    panel.setAttribute("aria-labelledby", "tour-title");
    panel.setAttribute("aria-describedby", "tour-text");
    panel.innerHTML = `<h2 id="tour-title" class="tour-title"></h2>
      <p id="tour-text" class="tour-text"></p>
      <div class="tour-footer"><span class="tour-dots" aria-hidden="true"></span>
        <button type="button" id="tour-skip" class="secondary"></button>
        <button type="button" id="tour-next" class="primary"></button></div>`;
    panel.querySelector("#tour-skip").addEventListener("click", close);
    panel.querySelector("#tour-next").addEventListener("click", () => (at + 1 < steps.length ? show(at + 1) : close()));
    panel.addEventListener("keydown", (event) => {
      if (event.key === "Escape") {
        event.preventDefault();
        event.stopPropagation();
        close();
      }
    });
    document.body.append(panel);
  }

  function show(index) {
    at = index;
    const step = steps[at];
    panel.querySelector("#tour-title").textContent = t("tour.label");
    panel.querySelector("#tour-text").textContent = t(step.text);
    panel.querySelector("#tour-skip").textContent = t("tour.skip");
    panel.querySelector("#tour-skip").hidden = at + 1 === steps.length;
    const next = panel.querySelector("#tour-next");
    next.textContent = t(at + 1 < steps.length ? "tour.next" : "tour.done");
    next.hidden = !!step.play; // the player's move takes the guided start on
    waitingFrom = step.play && store.game ? { id: store.game.id, version: store.game.version } : null;
    const dots = panel.querySelector(".tour-dots");
    dots.replaceChildren(
      ...steps.map((_, i) => {
        const dot = document.createElement("span");
        if (i === at) dot.className = "current";
        return dot;
      }),
    );
    panel.dataset.step = step.text;
    store.setHighlight(step.mark);
    panel.querySelector(step.play ? "#tour-skip" : "#tour-next").focus({ preventScroll: true });
  }

  /** Show the guided start from its first step (again, when asked from the rules). */
  function start() {
    if (!store.game) return;
    remember();
    steps = tourSteps(store.game);
    if (!panel) build();
    returnFocus = document.activeElement;
    panel.hidden = false;
    show(0);
  }

  /** End the guided start (skipped or done); it is not shown again by itself. */
  function close() {
    if (!panel || panel.hidden) return;
    panel.hidden = true;
    waitingFrom = null;
    store.setHighlight(null);
    if (returnFocus && returnFocus !== document.body && document.contains(returnFocus)) returnFocus.focus({ preventScroll: true });
  }

  /** Start on a first visit, or when the address asks for it (/?tour, from the rules page). */
  function maybeStart() {
    const params = new URLSearchParams(location.search);
    const asked = params.has("tour");
    if (asked) {
      params.delete("tour");
      const query = params.toString();
      history.replaceState(null, "", location.pathname + (query ? `?${query}` : ""));
    }
    if (asked || !seen()) start();
  }

  return { maybeStart, start, close };
}
