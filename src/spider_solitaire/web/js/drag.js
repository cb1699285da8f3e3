// Pointer Events for mouse, pen and touch: drag a card and every card below it, tap or
// double-click for the server's auto move. The server decides; this only reports.

const THRESHOLD = { mouse: 4, pen: 6, touch: 8 };
const TAP_MS = 450;

/**
 * @param board the Board
 * @param opts.settings () => settings ({doubleClick, autoPlace})
 * @param opts.onMove (col, count, target) => Promise   drop on a column
 * @param opts.onAuto (col, count) => Promise           double-click, tap, auto-place drop
 */
export function attachDrag(board, { settings, onMove, onAuto }) {
  const tableau = board.tableau;
  let press = null; // {id, type, x, y, loc, time, dragging}
  let lastType = "mouse";

  function cancel() {
    if (press?.dragging) board.release();
    press = null;
  }

  tableau.addEventListener("pointerdown", (event) => {
    lastType = event.pointerType || "mouse";
    if (press || (event.pointerType === "mouse" && event.button !== 0)) return;
    const loc = board.locate(event.target);
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
      board.lift(press.loc.col, press.loc.idx, "drag");
      document.body.classList.add("dragging-cards");
    }
    board.dragTo(dx, dy);
    board.setHover(board.columnAt(event.clientX, event.clientY));
    event.preventDefault();
  });

  tableau.addEventListener("pointerup", (event) => {
    if (!press || event.pointerId !== press.id) return;
    const current = press;
    press = null;
    document.body.classList.remove("dragging-cards");
    const { col, count } = current.loc;
    if (current.dragging) {
      const target = board.columnAt(event.clientX, event.clientY);
      if (settings().autoPlace && target !== col) {
        board.drop();
        onAuto(col, count);
      } else if (target == null || target === col) {
        board.release();
      } else {
        board.drop();
        onMove(col, count, target);
      }
    } else if (current.type !== "mouse" && performance.now() - current.time < TAP_MS) {
      onAuto(col, count); // a tap does what a double-click does
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
    const loc = board.locate(document.elementFromPoint(event.clientX, event.clientY));
    if (loc) {
      event.preventDefault();
      onAuto(loc.col, loc.count);
    }
  });

  // no native drag ghost, context menu or text selection fights the pointer
  tableau.addEventListener("dragstart", (event) => event.preventDefault());
  return { cancel };
}
