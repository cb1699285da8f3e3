// Animations, FLIP style: render.js notes every card's rectangle, lays the table out anew,
// and each card that moved is animated from its old rectangle to where it now is. Which
// cards came, went or turned over is worked out from two table models (planChanges, pure);
// the rest uses the Web Animations API.

export const MOVE_MS = 170;
export const DEAL_MS = 230;
export const TURN_MS = 160;
const EASING = "cubic-bezier(.2,.7,.3,1)";
const DEAL_STAGGER_MS = 30; // per column: a dealt row lands from left to right
const RUN_BACK_STAGGER_MS = 8; // per card of a run brought back by undo
const LEAVE_STAGGER_MS = 18; // per card leaving: the top card goes first

/** Whether to animate: the player's setting, unless the system asks for reduced motion. */
export function motionAllowed(enabled) {
  return enabled && !matchMedia("(prefers-reduced-motion: reduce)").matches;
}

/**
 * What changed between two table models (see events.js), as an animation plan.
 *
 * Cards with the same id in both just move (FLIP). A new card came from the stock when a
 * row was dealt, from the removed runs when a run came back, else it fades in. A card gone
 * went to the removed runs when a run was removed, to the stock when a deal was undone,
 * else it fades out. A card with the same id but another face was turned over.
 *
 * @param before the model drawn last, or null (the first drawing: nothing animates)
 * @param after the model to draw
 * @returns {{first: boolean, entered: {id, from: "stock"|"slot"|"fade", slot: number,
 *   delay: number}[], flipped: string[], leaving: {id, to: "stock"|"slot"|"fade",
 *   slot: number, delay: number}[]}} slot: the removed-run slot (0-based) cards go to or
 *   come from; delay in ms
 */
export function planChanges(before, after) {
  if (!before) return { first: true, entered: [], flipped: [], leaving: [] };
  const shown = new Map();
  for (const column of before.columns) for (const entry of column) shown.set(entry.id, entry.card);
  const dealt = after.stockRows < before.stockRows;
  const undealt = after.stockRows > before.stockRows;
  const runs = after.removed.length - before.removed.length;
  const slot = Math.min(before.removed.length, after.removed.length);
  const entered = [];
  const flipped = [];
  const staying = new Set();
  let order = 0;
  after.columns.forEach((column, c) => {
    for (const { id, card } of column) {
      staying.add(id);
      if (shown.has(id)) {
        if (shown.get(id) !== card) flipped.push(id);
      } else if (dealt) {
        entered.push({ id, from: "stock", slot, delay: DEAL_STAGGER_MS * c });
      } else if (runs < 0) {
        entered.push({ id, from: "slot", slot, delay: RUN_BACK_STAGGER_MS * order++ });
      } else {
        entered.push({ id, from: "fade", slot, delay: 0 });
      }
    }
  });
  const gone = before.columns.flat().filter((entry) => !staying.has(entry.id));
  const to = runs > 0 ? "slot" : undealt ? "stock" : "fade";
  const leaving = gone.map(({ id }, i) => ({ id, to, slot, delay: LEAVE_STAGGER_MS * (gone.length - 1 - i) }));
  return { first: false, entered, flipped, leaving };
}

/** Every element's rectangle now: Map id -> DOMRect. */
export function snapshot(elements) {
  const rects = new Map();
  for (const [id, el] of elements) rects.set(id, el.getBoundingClientRect());
  return rects;
}

/** Animate `el` from rectangle `from` to where it is; false when it did not move. */
function flip(el, from, duration, delay) {
  const to = el.getBoundingClientRect();
  const dx = from.left - to.left;
  const dy = from.top - to.top;
  if (Math.abs(dx) < 0.5 && Math.abs(dy) < 0.5) return false;
  const base = el.style.transform || "";
  el.animate([{ transform: `translate(${dx}px, ${dy}px) ${base}` }, { transform: base || "none" }], {
    duration,
    delay,
    easing: EASING,
    fill: "backwards",
  });
  return true;
}

/** Cards let go glide back from where they were (except any still dragged). */
export function glide(elements, before) {
  for (const [id, el] of elements) {
    if (el.classList.contains("dragging")) continue;
    const from = before.get(id);
    if (from) flip(el, from, MOVE_MS, 0);
  }
}

/**
 * Play a plan: moved cards slide, new ones come from the stock or a removed-run slot (or
 * fade in), turned cards flip after the slide, leaving ones go and are then removed.
 *
 * @param elements Map id -> element of the cards on the table, laid out at their new places
 * @param before Map id -> DOMRect from snapshot() before the layout
 * @param plan planChanges()'s answer, its leaving entries with their element as `el`
 * @param places {stock: DOMRect, slot: (index) => DOMRect}
 */
export function play(elements, before, plan, places) {
  let moved = false;
  for (const [id, el] of elements) {
    const from = before.get(id);
    if (from && flip(el, from, MOVE_MS, 0)) moved = true;
  }
  for (const { id, from, slot, delay } of plan.entered) {
    const el = elements.get(id);
    if (from === "stock") flip(el, places.stock, DEAL_MS, delay);
    else if (from === "slot") flip(el, places.slot(slot), MOVE_MS, delay);
    else el.animate([{ opacity: 0 }, { opacity: 1 }], { duration: MOVE_MS });
  }
  for (const id of plan.flipped) {
    elements.get(id)?.animate([{ transform: "scaleX(0.05)" }, { transform: "scaleX(1)" }], {
      duration: TURN_MS,
      delay: moved ? MOVE_MS : 0,
      easing: "ease-out",
      fill: "backwards",
    });
  }
  for (const { el, to, slot, delay } of plan.leaving) {
    const from = el.getBoundingClientRect();
    const place = to === "slot" ? places.slot(slot) : to === "stock" ? places.stock : null;
    const frames = place
      ? [
          { transform: "none", opacity: 1 },
          { transform: `translate(${place.left - from.left}px, ${place.top - from.top}px) scale(0.5)`, opacity: 0.2 },
        ]
      : [{ opacity: 1 }, { opacity: 0 }];
    const animation = el.animate(frames, { duration: DEAL_MS, delay: (moved ? MOVE_MS : 0) + delay, easing: "ease-in", fill: "forwards" });
    el.classList.add("leaving");
    animation.onfinish = () => el.remove();
    animation.oncancel = () => el.remove();
  }
}
