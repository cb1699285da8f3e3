// The one place the table's state lives: the game as the server last sent it, its cards
// keyed for the screen, and what the player is doing with them (held cards, the column
// under them, the keyboard focus, the help's highlight). Other modules read the fields and
// change them only through the functions below; every change tells the subscribers what
// changed, and render.js redraws on the next animation frame.
import { nextTable } from "./events.js";

/**
 * The server's entry for the last `count` cards of `column` in `game` (docs/api.md,
 * GameState.groups), or null when it did not list them (they cannot move together).
 */
export function groupOf(game, column, count) {
  return game?.groups.find((g) => g.column === column && g.count === count) || null;
}

/** The columns the server listed as targets for the last `count` cards of `column`. */
export function targetsOf(game, column, count) {
  return groupOf(game, column, count)?.targets || [];
}

/**
 * A new store. Fields (read them, change them through the methods):
 *   game       the GameState of docs/api.md last shown, or null before the first
 *   table      the game's cards as a model of events.js: {columns: [[{id, card}]], stockRows,
 *              removed, won}, keyed by the server's card ids
 *   held       {column, count, ids, dx, dy, mode} while cards are picked up: mode "drag"
 *              (they follow the pointer by dx, dy px), "keys" (picked up with the keyboard)
 *              or "dropped" (let go over a column, waiting for the server's answer)
 *   hover      the column the held cards are over, or null
 *   focus      {column, index}: the keyboard's column (1-10) and card (an index into the
 *              whole column, face-down cards included; -1 its last card)
 *   highlight  what the help marks, for one version of one game: {id, version, column,
 *              count, target, controls}: the last `count` cards of `column`, the `target`
 *              column and the page's `controls` (element ids); or null
 *   animations whether the player wants animations (the setting)
 * Subscribers get (kind, detail): kind "game", "held", "focus", "highlight", "release",
 * "animations"; detail {move} for "focus" (true: move the browser's focus there too);
 * for "game" {events, fresh}: the events that turned the table before into this one
 * ([] when it did not change, null when unknown: a re-sync) and whether it is another
 * game than the one shown before.
 */
export function createStore() {
  const listeners = new Set();
  const notify = (kind, detail = {}) => {
    for (const fn of listeners) fn(kind, detail);
  };

  const store = {
    game: null,
    table: null,
    held: null,
    hover: null,
    focus: { column: 1, index: -1 },
    highlight: null,
    animations: true,

    /** Call fn(kind, detail) after every change; returns a function that stops it. */
    subscribe(fn) {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },

    /**
     * Show a GameState, and the events that led to it when it answers an action (an
     * action, a solution step, a rewind). The table follows the events when they lead to
     * the state's table, else it is the state's (nothing is animated then). Held cards are
     * let go; a highlight of another version goes.
     *
     * @param game the GameState (docs/api.md), with card ids
     * @param events the answer's events, or null (an answer that brings a state only)
     */
    setGame(game, events = null) {
      const fresh = !store.game || store.game.id !== game.id;
      const next = nextTable(fresh ? null : store.table, game, events);
      store.table = next.model;
      store.game = game;
      store.held = null;
      store.hover = null;
      const mark = store.highlight;
      if (mark && (mark.id !== game.id || mark.version !== game.version)) store.highlight = null;
      notify("game", { events: next.events, fresh });
    },

    /** Pick up the cards of `column` from `index` (whole-column index) on. */
    lift(column, index, mode) {
      const ids = store.table.columns[column - 1].slice(index).map((entry) => entry.id);
      store.held = { column, count: ids.length, ids, dx: 0, dy: 0, mode };
      store.hover = null;
      notify("held");
      return store.held;
    },

    /** The dragged cards follow the pointer, (dx, dy) px from where they were picked up. */
    dragTo(dx, dy) {
      if (!store.held) return;
      store.held = { ...store.held, dx, dy };
      notify("held");
    },

    /** The column under the held cards (null: none, or nothing is held). */
    setHover(column) {
      const hover = store.held ? column : null;
      if (store.hover === hover) return;
      store.hover = hover;
      notify("held");
    },

    /** The cards were let go over a column: they stay there until the server answers. */
    drop() {
      if (!store.held) return;
      if (store.held.mode === "drag") store.held = { ...store.held, mode: "dropped" };
      store.hover = null;
      notify("held");
    },

    /** The held cards go back where they came from (render.js glides them back). */
    release() {
      if (!store.held) return;
      store.held = null;
      store.hover = null;
      notify("release");
    },

    setFocus(column, index = -1, move = true) {
      store.focus = { column, index };
      notify("focus", { move });
    },

    /** Mark cards, a column and controls for the game version shown (null: nothing). */
    setHighlight(mark) {
      store.highlight = mark && store.game ? { ...mark, id: store.game.id, version: store.game.version } : null;
      notify("highlight");
    },

    setAnimations(on) {
      store.animations = !!on;
      notify("animations");
    },
  };
  return store;
}
