// Everything with the keyboard alone: arrows choose a column and a card, Enter or Space
// picks up and puts down, A auto-moves, D deals, H asks for a hint (Shift+H thinks
// longer about it), Ctrl/Cmd+Z undo, Ctrl/Cmd+Y redo, Escape puts held cards back (or
// closes the help's answer).
import { t } from "./i18n.js";
import { COLUMNS } from "./layout.js";
import { groupOf, targetsOf } from "./state.js";

const modal = () => document.querySelector("dialog[open]") != null;
const typing = (target) => target?.closest?.("input, select, textarea, [contenteditable='true']") != null;

/**
 * @param tableau the table's element
 * @param view render.js's view: locate(el)
 * @param store state.js's store: focus, held, lift, setFocus, setHover, drop, release
 * @param host.onMove (column, count, target) => Promise<boolean>
 * @param host.onAuto (column, count) => Promise<boolean>
 * @param host.onDeal, host.onUndo, host.onRedo, host.onHint, host.onThinkLonger () => void
 * @param host.onTakeOff (column) => void: take off the complete run at the end of column (T)
 * @param host.onEscape () => boolean: close what is open (true when something was)
 * @param host.announce (text) => void
 * @param host.whenIdle () => Promise: settles once the requests already sent are answered
 */
export function attachKeyboard(tableau, view, store, host) {
  const { onMove, onAuto, onDeal, onTakeOff, onUndo, onRedo, onHint, onThinkLonger, onEscape, announce } = host;
  const whenIdle = host.whenIdle || (() => Promise.resolve());

  // Keys wait their turn: a key pressed while a move is on its way to the server acts
  // on the table the answer brings, after it (in the order pressed), so that it is not
  // lost (cards picked up from the old table would be dropped by the answer) and the
  // focus does not jump back to where the answer put it.
  let queue = Promise.resolve();
  function later(fn) {
    queue = queue
      .then(() => whenIdle())
      .then(fn)
      .catch(() => {});
  }

  // where the focus is: a column, a card index into the whole column, the cards from there
  function current() {
    return view.locate(document.activeElement) || { column: store.focus.column, index: -1, count: 0 };
  }

  function pickUp() {
    const loc = current();
    if (!loc.count) return;
    const held = store.lift(loc.column, loc.index, "keys");
    // the server's sentence for a group it lists; cards that cannot move together have none
    const group = groupOf(store.game, loc.column, held.count);
    announce(group ? group.pick_up : t("announce.not_a_group"));
  }

  function putBack() {
    store.release();
    announce(t("announce.put_back"));
  }

  async function putDown() {
    const held = store.held;
    const target = store.focus.column;
    if (target === held.column) {
      putBack();
      return;
    }
    store.drop();
    const ok = await onMove(held.column, held.count, target);
    if (ok) store.setFocus(target, -1, tableau.contains(document.activeElement));
  }

  function moveColumn(step) {
    const count = store.game?.column_count || COLUMNS;
    const column = ((store.focus.column - 1 + step + count) % count) + 1;
    store.setFocus(column, -1);
    const held = store.held;
    if (held) {
      store.setHover(column);
      const { name, name_target: nameTarget } = store.game.columns[column - 1];
      announce(targetsOf(store.game, held.column, held.count).includes(column) ? nameTarget : name);
    }
  }

  function moveCard(step, to) {
    if (store.held || !store.table) return;
    const { column } = store.focus;
    const cards = store.table.columns[column - 1];
    const down = store.game.columns[column - 1].face_down;
    if (cards.length <= down) return;
    const loc = current();
    let index = loc.count ? loc.index : cards.length - 1;
    if (to === "first") index = down;
    else if (to === "last") index = cards.length - 1;
    else index = Math.min(Math.max(index + step, down), cards.length - 1);
    store.setFocus(column, index);
  }

  tableau.addEventListener("focusin", (event) => {
    const loc = view.locate(event.target);
    const column = loc ? loc.column : Number(event.target.closest?.(".column")?.dataset.column);
    if (column) store.setFocus(column, loc ? loc.index : -1, false);
  });

  const tableKeys = {
    ArrowLeft: () => moveColumn(-1),
    ArrowRight: () => moveColumn(1),
    ArrowUp: () => moveCard(-1),
    ArrowDown: () => moveCard(1),
    Home: () => moveCard(0, "first"),
    End: () => moveCard(0, "last"),
    Enter: () => (store.held ? putDown() : pickUp()),
    " ": () => (store.held ? putDown() : pickUp()),
    a: () => autoMove(),
    A: () => autoMove(),
  };

  function autoMove() {
    if (store.held) return false;
    const loc = current();
    if (loc.count) onAuto(loc.column, loc.count);
    return true;
  }

  tableau.addEventListener("keydown", (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const handle = Object.hasOwn(tableKeys, event.key) ? tableKeys[event.key] : null;
    if (!handle) return;
    event.preventDefault();
    later(handle);
  });

  document.addEventListener("keydown", (event) => {
    if (modal() || typing(event.target) || event.defaultPrevented) return;
    const key = event.key.toLowerCase();
    const mod = event.ctrlKey || event.metaKey;
    const plain = !mod && !event.altKey;
    if (mod && !event.altKey && key === "z") {
      event.preventDefault();
      later(event.shiftKey ? onRedo : onUndo);
    } else if (mod && !event.altKey && key === "y") {
      event.preventDefault();
      later(onRedo);
    } else if (plain && key === "d") {
      event.preventDefault();
      later(onDeal);
    } else if (plain && key === "t" && store.game?.take_offs?.length) {
      // take off a complete run the server listed (spider-1949): the focused column's, else the first
      event.preventDefault();
      const offers = store.game.take_offs;
      const offer = offers.find((entry) => entry.column === store.focus.column) || offers[0];
      later(() => onTakeOff(offer.column));
    } else if (plain && key === "h") {
      // Shift+H: "Think longer" about the hint
      event.preventDefault();
      later(event.shiftKey ? onThinkLonger : onHint);
    } else if (key === "escape" && store.held) {
      event.preventDefault();
      later(() => store.held && putBack());
    } else if (key === "escape" && plain && onEscape()) {
      event.preventDefault();
    }
  });
}
