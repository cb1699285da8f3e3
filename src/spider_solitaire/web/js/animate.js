// Animations, FLIP style: render.js notes every card's rectangle, lays the table out anew,
// and each card that moved is animated from its old rectangle to where it now is. Which
// cards came (and from where), went (and where to) or turned over is read from the
// server's events (planChanges, pure: tests/web/animate.test.mjs); the rest uses the Web
// Animations API.

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

/** Map id -> card (text, or null face-down) of every card on a model's table. */
function cardsById(model) {
  const cards = new Map();
  for (const column of model.columns) for (const { id, card } of column) cards.set(id, card);
  return cards;
}

/**
 * Where each card of `events` comes from and goes to, by id: {comes, goes, turned}.
 * comes/goes: Map id -> {from|to: "stock"|"slot", slot, delay}; the first arrival and the
 * last departure of an id count. turned: Map id -> how many times it turned over.
 */
function readEvents(before, events, after) {
  const comes = new Map();
  const goes = new Map();
  const turned = new Map();
  const arrive = (id, place) => comes.has(id) || comes.set(id, place);
  let runs = before.removed.length; // removed-run slots filled so far
  for (const event of events) {
    const ids = Array.isArray(event.ids) ? event.ids : [];
    const last = ids.length - 1;
    if (event.kind === "deal") {
      ids.forEach((id, c) => arrive(id, { from: "stock", slot: runs, delay: DEAL_STAGGER_MS * c }));
    } else if (event.kind === "undeal") {
      ids.forEach((id, c) => goes.set(id, { to: "stock", slot: runs, delay: LEAVE_STAGGER_MS * (last - c) }));
    } else if (event.kind === "remove_run") {
      const slot = runs++;
      ids.forEach((id, i) => goes.set(id, { to: "slot", slot, delay: LEAVE_STAGGER_MS * (last - i) }));
    } else if (event.kind === "restore_run") {
      const slot = Math.max(--runs, 0);
      ids.forEach((id, i) => arrive(id, { from: "slot", slot, delay: RUN_BACK_STAGGER_MS * i }));
    } else if (event.kind === "turn_up" || event.kind === "turn_down") {
      turned.set(event.id, (turned.get(event.id) || 0) + 1);
    } else if (event.kind === "restart") {
      // every card back to its place (the layout is the state's): cards dealt since go
      // back to the stock, removed runs come back from their slots, turned cards turn
      const was = cardsById(before);
      const now = cardsById(after);
      let order = 0;
      for (const [id, card] of now) {
        if (!was.has(id)) arrive(id, { from: "slot", slot: Math.max(runs - 1, 0), delay: RUN_BACK_STAGGER_MS * order++ });
        else if (was.get(id) !== card) turned.set(id, 1);
      }
      const gone = [...was.keys()].filter((id) => !now.has(id));
      gone.forEach((id, i) => goes.set(id, { to: "stock", slot: 0, delay: LEAVE_STAGGER_MS * (gone.length - 1 - i) }));
      runs = 0;
    }
  }
  return { comes, goes, turned };
}

/**
 * An animation plan: how the table drawn (`before`) becomes `after` through `events`.
 *
 * Cards on both tables just move (FLIP). A card new to the table came from the stock
 * (deal), from a removed-run slot (undo of a run's removal, restart), else it fades in; a
 * card gone went to the next removed-run slot (remove_run), to the stock (undeal, restart),
 * else it fades out. A card on both that turned over (turn_up, turn_down, restart) flips.
 * Without events (a new game, a re-sync) cards come and go by fading, and none flips.
 *
 * @param before the model drawn last, or null (the first drawing: nothing animates)
 * @param events the events from `before` to `after` (docs/api.md, Event), or null
 * @param after the model to draw
 * @returns {{first: boolean, entered: {id, from: "stock"|"slot"|"fade", slot: number,
 *   delay: number}[], flipped: number[], leaving: {id, to: "stock"|"slot"|"fade",
 *   slot: number, delay: number}[]}} slot: the removed-run slot (0-based) cards go to or
 *   come from; delay in ms; entered in the order of `after`, leaving in that of `before`
 */
export function planChanges(before, events, after) {
  if (!before) return { first: true, entered: [], flipped: [], leaving: [] };
  const { comes, goes, turned } = readEvents(before, events || [], after);
  const was = cardsById(before);
  const now = cardsById(after);
  const fade = { slot: 0, delay: 0 };
  const entered = [];
  for (const id of now.keys()) if (!was.has(id)) entered.push({ id, from: "fade", ...fade, ...comes.get(id) });
  const leaving = [];
  for (const id of was.keys()) if (!now.has(id)) leaving.push({ id, to: "fade", ...fade, ...goes.get(id) });
  const flipped = [...turned].filter(([id, times]) => times % 2 === 1 && was.has(id) && now.has(id)).map(([id]) => id);
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
