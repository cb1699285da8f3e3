// Pointer Events for mouse, pen and touch: drag a card and every card below it, tap or
// double-click for the server's auto move. The server decides; this only reports what the
// player did (and keeps the held cards in the store while they are dragged).
import { targetsOf } from "./state.js";

const THRESHOLD = { mouse: 4, pen: 6, touch: 8 }; // px a press moves before it is a drag
const TAP_MS = 450; // a touch shorter than this, without a drag, is a tap

/**
 * @param tableau the table's element
 * @param view render.js's view: locate(el), columnAt(x, y)
 * @param store state.js's store: lift, dragTo, setHover, drop, release
 * @param host.settings () => settings ({doubleClick, autoPlace})
 * @param host.onMove (column, count, target) => Promise   cards dropped on a column
 * @param host.onAuto (column, count) => Promise           double-click, tap, auto-place drop
 *   (auto-place: a drop on no column the server listed for the cards)
 */
export function attachPointer(tableau, view, store, { settings, onMove, onAuto }) {
  let press = null; // {id, type, x, y, loc, time, dragging}
  let lastType = "mouse";

  function cancel() {
    if (press?.dragging) store.release();
    press = null;
  }

  tableau.addEventListener("pointerdown", (event) => {
    lastType = event.pointerType || "mouse";
    if (press || (event.pointerType === "mouse" && event.button !== 0)) return;
    const loc = view.locate(event.target);
    if (!loc) return;
    press = { id: event.pointerId, type: lastType, x: event.clientX, y: event.clientY, loc, time: performance.now(), dragging: false };
    if (event.pointerType !== "mouse") event.preventDefault();
  });

  tableau.addEventListener("pointermove", (event) => {
    if (!press || event.pointerId !== press.id) return;
    const dx = event.clientX - press.x;
    const dy = event.clientY - press.y;
    if (!press.dragging) {
      if (Math.hypot(dx, dy) < (THRESHOLD[press.type] ?? 5)) return;
      press.dragging = true;
      try {
        tableau.setPointerCapture(event.pointerId); // keep the cards even off the table
      } catch {
        /* capture is a nicety */
      }
      store.lift(press.loc.column, press.loc.index, "drag");
      document.body.classList.add("dragging-cards");
    }
    store.dragTo(dx, dy);
    store.setHover(view.columnAt(event.clientX, event.clientY));
    event.preventDefault();
  });

  tableau.addEventListener("pointerup", (event) => {
    if (!press || event.pointerId !== press.id) return;
    const current = press;
    press = null;
    document.body.classList.remove("dragging-cards");
    const { column, count } = current.loc;
    if (current.dragging) {
      const target = view.columnAt(event.clientX, event.clientY);
      // auto-place chooses only for a drop on no column the server listed: a drop on a
      // listed column goes there, as without the setting
      const listed = target != null && targetsOf(store.game, column, count).includes(target);
      if (settings().autoPlace && target !== column && !listed) {
        store.drop();
        onAuto(column, count);
      } else if (target == null || target === column) {
        store.release();
      } else {
        store.drop();
        onMove(column, count, target);
      }
    } else if (current.type !== "mouse" && performance.now() - current.time < TAP_MS) {
      onAuto(column, count); // a tap does what a double-click does
    }
  });

  tableau.addEventListener("pointercancel", (event) => {
    if (press && event.pointerId === press.id) {
      document.body.classList.remove("dragging-cards");
      cancel();
    }
  });

  tableau.addEventListener("dblclick", (event) => {
    if (lastType !== "mouse" || !settings().doubleClick) return;
    const loc = view.locate(document.elementFromPoint(event.clientX, event.clientY));
    if (loc) {
      event.preventDefault();
      onAuto(loc.column, loc.count);
    }
  });

  // no native drag ghost, context menu or text selection fights the pointer
  tableau.addEventListener("dragstart", (event) => event.preventDefault());
  return { cancel };
}
