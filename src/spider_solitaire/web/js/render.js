// The board: renders what the server sent, keyed by stable element ids, redraws batched
// on animation frames. It knows no rules: targets and groups come from the GameState.
import { t, tn, cardName, rankShort, joinList } from "./i18n.js";

const COLUMNS = 10;
const REMOVED_SLOTS = 8;
const SVG = "http://www.w3.org/2000/svg";
const MOVE_MS = 170;
const DEAL_MS = 230;
const TURN_MS = 160;

let nextKey = 1;

function suitIcon(suit, className) {
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("class", className);
  svg.setAttribute("aria-hidden", "true");
  const use = document.createElementNS(SVG, "use");
  use.setAttribute("href", `#suit-${suit}`);
  svg.append(use);
  return svg;
}

/** Paint `card` ("TS", or null for a face-down card) onto element `el`. */
function paintCard(el, card) {
  if (el.cardText === card && el.painted) return false;
  const wasUp = el.cardText != null;
  el.cardText = card;
  el.painted = true;
  el.replaceChildren();
  if (card == null) {
    el.className = "card down";
    delete el.dataset.card;
    el.removeAttribute("role");
    el.removeAttribute("aria-label");
    el.setAttribute("aria-hidden", "true");
    el.removeAttribute("tabindex");
  } else {
    const suit = card[1];
    el.className = `card up suit-${suit}`;
    el.dataset.card = card;
    el.setAttribute("role", "button");
    el.removeAttribute("aria-hidden");
    el.setAttribute("aria-label", cardName(card));
    const corner = document.createElement("span");
    corner.className = "corner";
    const rank = document.createElement("span");
    rank.className = "rank";
    rank.textContent = rankShort(card[0]);
    corner.append(rank, suitIcon(suit, "pip"));
    el.append(corner, suitIcon(suit, "big"));
  }
  return wasUp !== (card != null);
}

export class Board {
  constructor({ tableau, stock, stockRows, removed, score, moves, code }) {
    Object.assign(this, { tableau, stock, stockRows, removed, scoreEl: score, movesEl: moves, codeEl: code });
    this.probe = tableau.querySelector(".probe");
    this.state = null;
    this.cols = Array.from({ length: COLUMNS }, () => []); // [{key, card}]
    this.els = new Map();
    this.columnEls = [];
    this.animations = true;
    this.focus = { col: 1, idx: -1 };
    this.held = null; // {col, count, keys, dx, dy, mode}
    this.hover = null;
    this.glideNext = false;
    this.pending = null;
    this.raf = 0;
    this.listeners = new Set();
    for (let c = 1; c <= COLUMNS; c++) {
      const col = document.createElement("div");
      col.className = "column";
      col.id = `column-${c}`;
      col.dataset.column = String(c);
      col.setAttribute("role", "group");
      col.setAttribute("aria-describedby", "table-help");
      const slot = document.createElement("div");
      slot.className = "slot";
      slot.setAttribute("aria-hidden", "true");
      col.append(slot);
      tableau.append(col);
      this.columnEls.push(col);
    }
    this.slotEls = [];
    for (let i = 0; i < REMOVED_SLOTS; i++) {
      const li = document.createElement("li");
      li.className = "removed-slot";
      this.slotEls.push(li);
      removed.append(li);
    }
    new ResizeObserver(() => this.schedule()).observe(tableau);
  }

  onRender(fn) {
    this.listeners.add(fn);
  }

  // --- data -------------------------------------------------------------------------------

  setState(state) {
    this.pending = state;
    this.schedule();
  }

  setAnimations(on) {
    this.animations = on;
  }

  get animate() {
    return this.animations && !matchMedia("(prefers-reduced-motion: reduce)").matches;
  }

  /** The server's entry for the last `count` cards of `col`, or null if it did not list it. */
  group(col, count) {
    return this.state?.groups.find((g) => g.column === col && g.count === count) || null;
  }

  targets(col, count) {
    return this.group(col, count)?.targets || [];
  }

  faceUp(col) {
    return this.state?.columns[col - 1]?.face_up || [];
  }

  /** {col, idx, count} of a face-up card element, or null. */
  locate(el) {
    const card = el?.closest?.(".card.up");
    if (!card) return null;
    const col = Number(card.parentElement?.dataset.column);
    const list = this.cols[col - 1] || [];
    const idx = list.findIndex((entry) => entry.key === card.id);
    if (idx < 0) return null;
    return { col, idx, count: list.length - idx, el: card };
  }

  /** Index into the face-up cards of `col` of a full column index. */
  upIndex(col, idx) {
    return idx - (this.state?.columns[col - 1]?.face_down || 0);
  }

  columnAt(x, y) {
    const area = this.tableau.getBoundingClientRect();
    if (y < area.top - 8 || y > area.bottom + 8) return null;
    for (let c = 1; c <= COLUMNS; c++) {
      const r = this.columnEls[c - 1].getBoundingClientRect();
      const gap = 4;
      if (x >= r.left - gap && x <= r.right + gap) return c;
    }
    return null;
  }

  // --- holding cards (drag or keyboard) --------------------------------------------------

  lift(col, idx, mode) {
    const list = this.cols[col - 1];
    const keys = list.slice(idx).map((entry) => entry.key);
    this.held = { col, count: keys.length, keys, dx: 0, dy: 0, mode };
    this.hover = null;
    this.schedule();
    return this.held;
  }

  dragTo(dx, dy) {
    if (!this.held) return;
    this.held.dx = dx;
    this.held.dy = dy;
    this.schedule();
  }

  setHover(col) {
    if (this.hover === col) return;
    this.hover = col;
    this.schedule();
  }

  /** The cards were dropped on a column: they stay there until the server answers. */
  drop() {
    if (!this.held) return;
    this.held.mode = this.held.mode === "drag" ? "dropped" : this.held.mode;
    this.hover = null;
    this.schedule();
  }

  /** Put the held cards back where they came from (they glide back). */
  release() {
    if (!this.held) return;
    this.held = null;
    this.hover = null;
    this.glideNext = true;
    this.schedule();
  }

  // --- keyboard focus --------------------------------------------------------------------

  /** Focus item: a column and an index into its cards (-1 = its last card or the column). */
  setFocus(col, idx = -1, { move = true } = {}) {
    this.focus = { col, idx };
    this.applyFocus(move);
  }

  focusElement() {
    const { col } = this.focus;
    const list = this.cols[col - 1];
    const down = this.state?.columns[col - 1]?.face_down || 0;
    if (!list.length || list.length <= down) return this.columnEls[col - 1];
    let idx = this.focus.idx < 0 ? list.length - 1 : this.focus.idx;
    idx = Math.min(Math.max(idx, down), list.length - 1);
    return this.els.get(list[idx].key);
  }

  applyFocus(move) {
    const target = this.focusElement();
    for (const el of this.tableau.querySelectorAll("[tabindex='0']")) {
      if (el !== target) el.setAttribute("tabindex", "-1");
    }
    target.setAttribute("tabindex", "0");
    if (move) target.focus({ preventScroll: true });
  }

  // --- rendering -------------------------------------------------------------------------

  schedule() {
    if (!this.raf) this.raf = requestAnimationFrame(() => this.frame());
  }

  /** Render now (tests and the keyboard call this through the next frame normally). */
  frame() {
    this.raf = 0;
    const animate = this.animate;
    const before = animate ? this.snapshot() : null;
    const hadFocus = this.tableau.contains(document.activeElement);
    const changes = this.pending ? this.reconcile(this.pending) : null;
    this.pending = null;
    this.layout();
    if (before && changes) this.play(before, changes);
    else if (before && this.glideNext) this.glide(before);
    this.glideNext = false;
    if (changes && !animate) for (const el of changes.leaving) el.remove();
    if (hadFocus) this.applyFocus(true);
    for (const fn of this.listeners) fn(this, changes);
  }

  snapshot() {
    const rects = new Map();
    for (const [key, el] of this.els) rects.set(key, el.getBoundingClientRect());
    return rects;
  }

  /**
   * Match the new state's cards to existing elements: the unchanged start of each column
   * keeps its elements, moved cards are found by their text, a card turned over keeps its
   * element at the same place, and the rest are created (dealt, or back from a removed run).
   */
  reconcile(state) {
    const old = this.state;
    const released = [];
    const next = [];
    const tails = [];
    for (let c = 0; c < COLUMNS; c++) {
      const { face_down: down, face_up: up } = state.columns[c];
      const want = [...Array(down).fill(null), ...up];
      const have = this.cols[c];
      let i = 0;
      while (i < have.length && i < want.length && have[i].card === want[i]) i++;
      next[c] = have.slice(0, i);
      for (let j = i; j < have.length; j++) released.push({ ...have[j], col: c, idx: j, used: false });
      tails.push({ c, from: i, want });
    }
    const take = (predicate) => {
      const found = released.find((r) => !r.used && predicate(r));
      if (found) found.used = true;
      return found;
    };
    const flipped = new Set();
    const created = new Set();
    const slots = tails.map(({ want, from }) => want.slice(from).map(() => null));
    // 1. the same face-up card elsewhere (a move, undo, redo)
    for (const { c, from, want } of tails) {
      for (let j = from; j < want.length; j++) {
        if (want[j] == null) continue;
        const r = take((x) => x.card === want[j] && x.col !== c) || take((x) => x.card === want[j]);
        if (r) slots[c][j - from] = r.key;
      }
    }
    // 2. a card turned over in place
    for (const { c, from, want } of tails) {
      for (let j = from; j < want.length; j++) {
        if (slots[c][j - from]) continue;
        const r = take((x) => x.col === c && x.idx === j);
        if (r) {
          slots[c][j - from] = r.key;
          flipped.add(r.key);
        }
      }
    }
    // 3. new elements
    for (const { c, from, want } of tails) {
      for (let j = from; j < want.length; j++) {
        let key = slots[c][j - from];
        if (!key) {
          key = `card-${nextKey++}`;
          const el = document.createElement("div");
          el.id = key;
          el.dataset.key = key;
          this.els.set(key, el);
          created.add(key);
        }
        next[c].push({ key, card: want[j] });
      }
    }
    const leaving = [];
    for (const r of released) {
      if (r.used) continue;
      const el = this.els.get(r.key);
      this.els.delete(r.key);
      if (el) leaving.push(el);
    }
    for (let c = 0; c < COLUMNS; c++) {
      for (const entry of next[c]) {
        const el = this.els.get(entry.key);
        if (paintCard(el, entry.card) && !created.has(entry.key)) flipped.add(entry.key);
      }
    }
    this.cols = next;
    this.state = state;
    if (this.held) this.held = null;
    const oldRemoved = old ? old.removed.length : state.removed.length;
    const oldStock = old ? old.stock_rows_left : state.stock_rows_left;
    return {
      created,
      flipped,
      leaving,
      dealt: state.stock_rows_left < oldStock,
      undealt: state.stock_rows_left > oldStock,
      runsAdded: state.removed.length - oldRemoved,
      runsBack: oldRemoved - state.removed.length,
      removedFrom: Math.min(oldRemoved, state.removed.length),
      first: !old,
    };
  }

  metrics() {
    const cardH = this.probe.offsetHeight || 100;
    const corner = this.probe.querySelector(".corner");
    const cornerH = corner ? corner.offsetTop + corner.offsetHeight : 20;
    const avail = this.columnEls[0].clientHeight;
    return { cardH, cornerH, avail };
  }

  layout() {
    const state = this.state;
    const { cardH, cornerH, avail } = this.metrics();
    const heldKeys = new Set(this.held?.keys || []);
    const targets = this.held && this.held.mode !== "dropped" ? new Set(this.targets(this.held.col, this.held.count)) : new Set();
    for (let c = 1; c <= COLUMNS; c++) {
      const colEl = this.columnEls[c - 1];
      const list = this.cols[c - 1];
      const down = state ? state.columns[c - 1].face_down : 0;
      const up = list.length - down;
      // spacing: roomy by default, closed up so the column always fits its height
      // a tall table (a phone held upright) spreads the cards wider: easier to read and to grab
      const tall = avail > 9 * cardH;
      let d = Math.max(4, Math.round(cardH * (tall ? 0.15 : 0.1)));
      let u = Math.max(cornerH + 3, Math.round(cardH * (tall ? 0.45 : 0.27)));
      const need = (n) => down * d + Math.max(up - 1, 0) * u + cardH - n;
      if (need(avail) > 0 && down) d = Math.max(3, Math.floor((avail - cardH - Math.max(up - 1, 0) * u) / down));
      if (need(avail) > 0 && up > 1) u = Math.max(2, (avail - cardH - down * d) / (up - 1));
      let y = 0;
      list.forEach((entry, i) => {
        const el = this.els.get(entry.key);
        const at = colEl.children[i + 1];
        if (at !== el) colEl.insertBefore(el, at || null);
        el.style.top = `${Math.round(y * 10) / 10}px`;
        y += i < down ? d : u;
        const isHeld = heldKeys.has(entry.key);
        const floating = isHeld && this.held.mode !== "keys";
        el.classList.toggle("held", isHeld);
        el.classList.toggle("dragging", floating);
        el.style.transform = floating ? `translate(${this.held.dx}px, ${this.held.dy}px)` : "";
        if (entry.card != null && !el.hasAttribute("tabindex")) el.setAttribute("tabindex", "-1");
      });
      colEl.classList.toggle("empty", list.length === 0);
      colEl.classList.toggle("target", targets.has(c));
      colEl.classList.toggle("hover", this.hover === c);
      colEl.classList.toggle("source", this.held?.col === c);
      colEl.setAttribute("aria-label", this.columnLabel(c, targets.has(c)));
      if (!colEl.hasAttribute("tabindex")) colEl.setAttribute("tabindex", "-1");
    }
    if (state) this.renderPiles(state);
    const focusEl = this.focusElement();
    if (focusEl && focusEl.getAttribute("tabindex") !== "0") this.applyFocus(false);
  }

  columnLabel(c, isTarget = false) {
    if (!this.state) return t("column.name", { n: c });
    const { face_down: down, face_up: up } = this.state.columns[c - 1];
    if (!down && !up.length) return t("column.empty", { n: c }) + (isTarget ? `, ${t("column.target")}` : "");
    const parts = [t("column.name", { n: c })];
    if (down) parts.push(tn("column.face_down", down));
    let largest = 0;
    for (const g of this.state.groups) if (g.column === c && g.count > largest) largest = g.count;
    const loose = up.slice(0, up.length - Math.max(largest, 1));
    for (const card of loose) parts.push(cardName(card));
    if (largest > 1) {
      parts.push(t("column.range", { first: cardName(up[up.length - largest]), last: cardName(up[up.length - 1]) }));
    } else if (up.length) {
      parts.push(cardName(up[up.length - 1]));
    }
    if (isTarget) parts.push(t("column.target"));
    return parts.join(", ");
  }

  renderPiles(state) {
    this.scoreEl.textContent = String(state.score);
    this.movesEl.textContent = String(state.moves);
    this.codeEl.textContent = state.code || "";
    const rows = state.stock_rows_left;
    this.stockRows.textContent = rows ? String(rows) : "";
    const backs = this.stock.querySelector(".stock-backs");
    if (backs.childElementCount !== rows) {
      backs.replaceChildren(...Array.from({ length: rows }, () => document.createElement("span")));
    }
    this.stock.classList.toggle("empty", rows === 0);
    this.stock.classList.toggle("blocked", !state.can_deal);
    this.stock.setAttribute("aria-label", rows ? tn("stock.label", rows, { rows }) : t("stock.label_empty"));
    this.removed.setAttribute("aria-label", t("removed.label", { count: state.removed.length }));
    this.slotEls.forEach((li, i) => {
      const suit = state.removed[i] || "";
      if (li.dataset.suit !== suit || !li.hasAttribute("aria-label")) {
        li.dataset.suit = suit;
        li.className = suit ? `removed-slot filled suit-${suit}` : "removed-slot";
        li.replaceChildren();
        if (suit) {
          const k = document.createElement("span");
          k.className = "rank";
          k.textContent = rankShort("K");
          li.append(k, suitIcon(suit, "pip"));
        }
      }
      li.setAttribute("aria-label", suit ? t("removed.slot", { suit: t(`suit.${suit}`) }) : t("removed.empty_slot"));
    });
  }

  /** Texts changed language: repaint labels. */
  relabel() {
    for (const el of this.els.values()) {
      if (el.cardText) el.setAttribute("aria-label", cardName(el.cardText));
      if (el.cardText) el.querySelector(".rank").textContent = rankShort(el.cardText[0]);
    }
    for (const li of this.slotEls) li.removeAttribute("aria-label");
    this.schedule();
  }

  // --- animation -------------------------------------------------------------------------

  glide(before) {
    for (const [key, el] of this.els) {
      if (el.classList.contains("dragging")) continue;
      const a = before.get(key);
      if (a) this.flip(el, a, MOVE_MS, 0);
    }
  }

  flip(el, from, duration, delay) {
    const to = el.getBoundingClientRect();
    const dx = from.left - to.left;
    const dy = from.top - to.top;
    if (Math.abs(dx) < 0.5 && Math.abs(dy) < 0.5) return false;
    const base = el.style.transform || "";
    el.animate(
      [{ transform: `translate(${dx}px, ${dy}px) ${base}` }, { transform: base || "none" }],
      { duration, delay, easing: "cubic-bezier(.2,.7,.3,1)", fill: "backwards" },
    );
    return true;
  }

  play(before, changes) {
    const stockRect = this.stock.getBoundingClientRect();
    const slotRect = (i) => this.slotEls[Math.min(Math.max(i, 0), REMOVED_SLOTS - 1)].getBoundingClientRect();
    let moved = false;
    for (const [key, el] of this.els) {
      const a = before.get(key);
      if (a && this.flip(el, a, MOVE_MS, 0)) moved = true;
    }
    // cards dealt from the stock, or brought back from a removed run
    let order = 0;
    for (let c = 0; c < COLUMNS; c++) {
      for (const entry of this.cols[c]) {
        if (!changes.created.has(entry.key) || changes.first) continue;
        const el = this.els.get(entry.key);
        if (changes.dealt) {
          this.flip(el, stockRect, DEAL_MS, 30 * c);
        } else if (changes.runsBack > 0) {
          this.flip(el, slotRect(changes.removedFrom), MOVE_MS, 8 * order++);
        } else {
          el.animate([{ opacity: 0 }, { opacity: 1 }], { duration: MOVE_MS });
        }
      }
    }
    // cards turned over
    for (const key of changes.flipped) {
      const el = this.els.get(key);
      if (!el) continue;
      el.animate([{ transform: "scaleX(0.05)" }, { transform: "scaleX(1)" }], {
        duration: TURN_MS,
        delay: moved ? MOVE_MS : 0,
        easing: "ease-out",
        fill: "backwards",
      });
    }
    // cards leaving: a completed run to its slot, an undone deal back to the stock
    changes.leaving.forEach((el, i) => {
      const from = el.getBoundingClientRect();
      let to = null;
      if (changes.runsAdded > 0) to = slotRect(changes.removedFrom);
      else if (changes.undealt) to = stockRect;
      const frames = to
        ? [{ transform: "none", opacity: 1 }, { transform: `translate(${to.left - from.left}px, ${to.top - from.top}px) scale(0.5)`, opacity: 0.2 }]
        : [{ opacity: 1 }, { opacity: 0 }];
      const delay = (moved ? MOVE_MS : 0) + 18 * (changes.leaving.length - 1 - i);
      const anim = el.animate(frames, { duration: DEAL_MS, delay, easing: "ease-in", fill: "forwards" });
      el.classList.add("leaving");
      anim.onfinish = () => el.remove();
      anim.oncancel = () => el.remove();
    });
  }
}
