// Everything with the keyboard alone: arrows choose a column and a card, Enter or Space
// picks up and puts down, A auto-moves, D deals, Ctrl/Cmd+Z undo, Ctrl/Cmd+Y redo.
import { t, joinList, cardName } from "./i18n.js";

const COLUMNS = 10;

export function describeCards(cards) {
  if (cards.length === 1) return cardName(cards[0]);
  return t("announce.cards", { count: cards.length, first: cardName(cards[0]), last: cardName(cards[cards.length - 1]) });
}

/**
 * @param board the Board
 * @param opts.onMove (col, count, target) => Promise<boolean>
 * @param opts.onAuto (col, count) => Promise<boolean>
 * @param opts.onDeal, opts.onUndo, opts.onRedo () => Promise
 * @param opts.announce (text) => void
 */
export function attachKeyboard(board, { onMove, onAuto, onDeal, onUndo, onRedo, announce }) {
  const tableau = board.tableau;

  function modal() {
    return document.querySelector("dialog[open]") != null;
  }

  function typing(target) {
    return target?.closest?.("input, select, textarea, [contenteditable='true']") != null;
  }

  // where the focus is, as a column and a card index (full column index)
  function current() {
    const el = document.activeElement;
    const loc = board.locate(el);
    if (loc) return loc;
    return { col: board.focus.col, idx: -1, count: 0 };
  }

  function pickUp() {
    const loc = current();
    if (!loc.count) return;
    const held = board.lift(loc.col, loc.idx, "keys");
    const cards = board.faceUp(loc.col).slice(-held.count);
    const targets = board.targets(loc.col, held.count);
    const parts = [t("announce.picked_up", { cards: describeCards(cards), column: loc.col })];
    parts.push(targets.length ? t("announce.targets", { list: joinList(targets.map(String)) }) : t("announce.no_targets"));
    announce(parts.join(" "));
  }

  async function putDown() {
    const held = board.held;
    const target = board.focus.col;
    if (target === held.col) {
      board.release();
      announce(t("announce.put_back"));
      return;
    }
    board.drop();
    const ok = await onMove(held.col, held.count, target);
    if (ok) board.setFocus(target, -1, { move: tableau.contains(document.activeElement) });
  }

  function moveColumn(step) {
    let col = board.focus.col + step;
    if (col < 1) col = COLUMNS;
    if (col > COLUMNS) col = 1;
    board.setFocus(col, -1);
    if (board.held) {
      board.setHover(col);
      const listed = board.targets(board.held.col, board.held.count).includes(col);
      announce(t(listed ? "announce.over_target" : "announce.over_column", { n: col }));
    }
  }

  function moveCard(step, to) {
    if (board.held) return;
    const { col } = board.focus;
    const list = board.cols[col - 1];
    const down = board.state?.columns[col - 1].face_down || 0;
    if (list.length <= down) return;
    const loc = current();
    let idx = loc.count ? loc.idx : list.length - 1;
    if (to === "first") idx = down;
    else if (to === "last") idx = list.length - 1;
    else idx = Math.min(Math.max(idx + step, down), list.length - 1);
    board.setFocus(col, idx);
  }

  tableau.addEventListener("focusin", (event) => {
    const loc = board.locate(event.target);
    const col = loc ? loc.col : Number(event.target.closest?.(".column")?.dataset.column);
    if (col) board.focus = { col, idx: loc ? loc.idx : -1 };
  });

  tableau.addEventListener("keydown", (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    switch (event.key) {
      case "ArrowLeft":
        moveColumn(-1);
        break;
      case "ArrowRight":
        moveColumn(1);
        break;
      case "ArrowUp":
        moveCard(-1);
        break;
      case "ArrowDown":
        moveCard(1);
        break;
      case "Home":
        moveCard(0, "first");
        break;
      case "End":
        moveCard(0, "last");
        break;
      case "Enter":
      case " ":
        if (board.held) putDown();
        else pickUp();
        break;
      case "a":
      case "A": {
        if (board.held) return;
        const loc = current();
        if (loc.count) onAuto(loc.col, loc.count);
        break;
      }
      default:
        return;
    }
    event.preventDefault();
  });

  document.addEventListener("keydown", (event) => {
    if (modal() || typing(event.target) || event.defaultPrevented) return;
    const key = event.key.toLowerCase();
    const mod = event.ctrlKey || event.metaKey;
    if (mod && !event.altKey && key === "z") {
      event.preventDefault();
      if (event.shiftKey) onRedo();
      else onUndo();
    } else if (mod && !event.altKey && key === "y") {
      event.preventDefault();
      onRedo();
    } else if (!mod && !event.altKey && key === "d") {
      event.preventDefault();
      onDeal();
    } else if (key === "escape" && board.held) {
      event.preventDefault();
      board.release();
      announce(t("announce.put_back"));
    }
  });
}
