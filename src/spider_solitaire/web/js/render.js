// The table on screen: one DOM node per card, keyed by the card's stable id, redrawn on the
// next animation frame after the store changes (many changes, one redraw). It draws the
// store (state.js): what the server sent, the held cards, the highlight. It knows no
// rules: the targets it lights up are the ones the server listed; and it builds no
// sentence: every label is the server's (docs/api.md, GameState) or a fixed catalog text.
import { COLUMNS, cardTops, columnAtPoint } from "./layout.js";
import { glide, motionAllowed, planChanges, play, snapshot } from "./animate.js";
import { t } from "./i18n.js";
import { targetsOf } from "./state.js";

const REMOVED_SLOTS = 8;
const BACK_STEP_PX = 5; // between two of the stock's backs (one a row left to deal) ...
const BACKS_SPREAD_PX = 20; // ... which take no more than this beside the first (table.css)
const NO_TABLE = { columns: Array.from({ length: COLUMNS }, () => []), stockRows: 0, removed: [], won: false };

/** "10 of spades" for "TS", from the catalog's fixed card names. */
const cardName = (card) => t(`card.${card}`);
/** The rank as a card's corner shows it ("10", "K"); the rank's letter when the catalog has none. */
function rankShort(rank) {
  const key = `rank.short.${rank}`;
  const text = t(key);
  return text === key ? rank : text;
}
const SVG = "http://www.w3.org/2000/svg";

function suitIcon(suit, className) {
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("class", className);
  svg.setAttribute("aria-hidden", "true");
  const use = document.createElementNS(SVG, "use");
  use.setAttribute("href", `#suit-${suit}`);
  svg.append(use);
  return svg;
}

/**
 * Paint `card` ("TS", or null for a face-down card) onto element `el` (the table's one way
 * to draw a card; the rules page draws its pictures with it too). A face-down card is
 * a blank back: no text, no name, nothing to focus (no face-down card is known anyway).
 */
export function paintCard(el, card) {
  if (el.cardText === card && el.painted) return;
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
    return;
  }
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

const faceDownCount = (cards) => cards.filter((entry) => entry.card == null).length;

/**
 * Draw the store's table into the page and keep it drawn.
 *
 * @param elements {tableau, stock, stockRows, removed, score, moves, code, variant}: the
 *   page's elements (the tableau holds a hidden `.probe` card used to measure a card)
 * @param store the store of state.js
 * @returns the view: locate(el), columnAt(x, y), applyFocus(move), relabel(), frame(), onTakeOff(fn)
 */
export function createView({ tableau, stock, stockRows, removed, score, moves, code, variant }, store) {
  const probe = tableau.querySelector(".probe");
  const cardEls = new Map(); // card id -> element, for the cards of `drawn`
  let drawn = null; // the table model drawn last
  let pending = []; // the events from `drawn` to the store's table; null: not known
  let freshGame = false; // the store shows another game than `drawn`'s
  let glideNext = false;
  let raf = 0;

  const columnEls = [];
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
    columnEls.push(col);
  }
  const slotEls = [];
  for (let i = 0; i < REMOVED_SLOTS; i++) {
    const li = document.createElement("li");
    li.className = "removed-slot";
    slotEls.push(li);
    removed.append(li);
  }

  function schedule() {
    if (!raf) raf = requestAnimationFrame(frame);
  }

  store.subscribe((kind, detail) => {
    if (kind === "focus") applyFocus(detail.move);
    else {
      if (kind === "release") glideNext = true;
      if (kind === "game") noteEvents(detail);
      schedule();
    }
  });

  /** Keep the events between the table drawn and the store's (several answers, one frame). */
  function noteEvents({ events, fresh }) {
    if (fresh) freshGame = true;
    pending = fresh || events === null || pending === null ? null : [...pending, ...events];
  }
  const resized = new ResizeObserver(schedule);
  resized.observe(tableau);
  resized.observe(probe); // the card's size changes with the table's (a setting: large cards)

  // --- reading the screen (for the input modules) ------------------------------------

  /** {column, index, count} of a face-up card element (index into the whole column), or null. */
  function locate(el) {
    const card = el?.closest?.(".card.up");
    if (!card || !drawn) return null;
    const column = Number(card.parentElement?.dataset.column);
    const cards = drawn.columns[column - 1] || [];
    const index = cards.findIndex((entry) => cardEls.get(entry.id) === card);
    if (index < 0) return null;
    return { column, index, count: cards.length - index };
  }

  /** The column under the viewport point (x, y), or null. */
  function columnAt(x, y) {
    const shown = columnEls.filter((el) => !el.hidden);
    return columnAtPoint(x, y, tableau.getBoundingClientRect(), shown.map((el) => el.getBoundingClientRect()));
  }

  // --- keyboard focus: one element of the table is in the Tab order -------------------

  function focusElement() {
    const { column, index } = store.focus;
    const cards = drawn?.columns[column - 1] || [];
    const down = faceDownCount(cards);
    if (cards.length <= down) return columnEls[column - 1];
    const i = Math.min(Math.max(index < 0 ? cards.length - 1 : index, down), cards.length - 1);
    return cardEls.get(cards[i].id) || columnEls[column - 1];
  }

  /** Give the store's focus item the table's one tabindex=0 (and the focus when `move`). */
  function applyFocus(move) {
    const target = focusElement();
    for (const el of tableau.querySelectorAll("[tabindex='0']")) {
      if (el !== target) el.setAttribute("tabindex", "-1");
    }
    target.setAttribute("tabindex", "0");
    if (move) target.focus({ preventScroll: true });
  }

  // --- drawing ---------------------------------------------------------------------------

  /**
   * Make `drawn` the store's table: new elements, repainted cards, the plan to animate.
   * Another game's cards all fade out (without their element ids: the new game's cards
   * have the same ids), and the new ones fade in.
   */
  function sync(table) {
    const gone = [];
    if (freshGame && drawn) {
      for (const [id, el] of cardEls) {
        el.removeAttribute("id");
        gone.push({ id, to: "fade", slot: 0, delay: 0, el });
      }
      cardEls.clear();
      drawn = NO_TABLE;
    }
    const plan = planChanges(drawn, pending, table);
    for (const column of table.columns) {
      for (const { id, card } of column) {
        let el = cardEls.get(id);
        if (!el) {
          el = document.createElement("div");
          el.id = `card-${id}`;
          el.dataset.key = String(id);
          cardEls.set(id, el);
        }
        paintCard(el, card);
      }
    }
    for (const item of plan.leaving) {
      item.el = cardEls.get(item.id);
      cardEls.delete(item.id);
    }
    plan.leaving.push(...gone);
    drawn = table;
    pending = [];
    freshGame = false;
    return plan;
  }

  function metrics() {
    const cardHeight = probe.offsetHeight || 100;
    const corner = probe.querySelector(".corner");
    const cornerHeight = corner ? corner.offsetTop + corner.offsetHeight : 20;
    return { cardHeight, cornerHeight, available: columnEls[0].clientHeight };
  }

  /**
   * The take-off button on a complete run the server listed in `take_offs` (spider-1949:
   * the player takes a run off when they choose), on the run's Ace below its corner;
   * none elsewhere. Its id is `take-off-<column>`, so that a take-off hint can mark it
   * (help/hint.js).
   */
  function placeTakeOff(colEl, column, game, length, sizes) {
    const offer = (game?.take_offs || []).find((entry) => entry.column === column);
    let button = colEl.querySelector(".take-off");
    if (!offer) {
      button?.remove();
      return;
    }
    if (!button) {
      button = document.createElement("button");
      button.type = "button";
      button.className = "take-off";
      button.addEventListener("pointerdown", (event) => event.stopPropagation());
      button.addEventListener("click", (event) => {
        event.stopPropagation();
        takeOffHandler?.(Number(button.dataset.column));
      });
    }
    button.dataset.column = String(column);
    button.id = `take-off-${column}`;
    // its word in sight (an arrow alone said nothing, issue 31); the server's sentence names it
    const word = t("button.take_off");
    if (button.textContent !== word) button.textContent = word;
    button.setAttribute("aria-label", offer.label);
    button.title = offer.label;
    const cards = drawn?.columns[column - 1] || [];
    const faceDown = faceDownCount(cards);
    const tops = cardTops({ ...sizes, faceDown, faceUp: cards.length - faceDown });
    // on the run's Ace (the last card), just below its corner: no card's rank or suit hidden
    button.style.top = `${(tops[length - 1] || 0) + sizes.cornerHeight + 2}px`;
    colEl.append(button); // after the cards: the last child
  }

  let takeOffHandler = null;

  function placeCards() {
    const game = store.game;
    const held = store.held;
    const heldIds = new Set(held?.ids || []);
    const floating = held && held.mode !== "keys";
    const targets = new Set(held && held.mode !== "dropped" ? targetsOf(game, held.column, held.count) : []);
    const sizes = metrics();
    // the state says how many columns its game has (10, or 7): the others are hidden and
    // the page's --cols sizes the cards (larger with seven)
    const count = game?.column_count || COLUMNS;
    document.body.style.setProperty("--cols", String(count));
    document.body.dataset.cols = String(count); // table.css: large cards sized to the columns
    for (let c = 1; c <= COLUMNS; c++) {
      const colEl = columnEls[c - 1];
      colEl.hidden = c > count;
      const cards = drawn?.columns[c - 1] || [];
      placeTakeOff(colEl, c, game, cards.length, sizes);
      const faceDown = faceDownCount(cards);
      const tops = cardTops({ ...sizes, faceDown, faceUp: cards.length - faceDown });
      cards.forEach(({ id, card }, i) => {
        const el = cardEls.get(id);
        const at = colEl.children[i + 1]; // after the empty-column slot
        if (at !== el) colEl.insertBefore(el, at || null);
        el.style.top = `${tops[i]}px`;
        const isHeld = heldIds.has(id);
        el.classList.toggle("held", isHeld);
        el.classList.toggle("dragging", isHeld && floating);
        el.style.transform = isHeld && floating ? `translate(${held.dx}px, ${held.dy}px)` : "";
        if (card != null && !el.hasAttribute("tabindex")) el.setAttribute("tabindex", "-1");
      });
      colEl.classList.toggle("empty", cards.length === 0);
      colEl.classList.toggle("target", targets.has(c));
      colEl.classList.toggle("hover", store.hover === c);
      colEl.classList.toggle("source", held?.column === c);
      const labels = game?.columns[c - 1];
      if (labels) colEl.setAttribute("aria-label", targets.has(c) ? labels.target_label : labels.label);
      if (!colEl.hasAttribute("tabindex")) colEl.setAttribute("tabindex", "-1");
    }
  }

  function drawPiles(game) {
    score.textContent = String(game.score);
    moves.textContent = String(game.moves);
    code.textContent = game.code || "";
    // the deal's level (stars) after the suits, when the deal is a rated one
    variant.textContent = [game.labels.variant, game.labels.stars].filter(Boolean).join(" · ");
    const rows = game.stock_rows_left;
    stockRows.textContent = rows ? String(rows) : "";
    const backs = stock.querySelector(".stock-backs");
    if (backs.childElementCount !== rows) {
      // closer together past five rows (Bicycle's six stuck out past column 10, issue 31)
      const step = Math.min(BACK_STEP_PX, BACKS_SPREAD_PX / Math.max(rows - 1, 1));
      backs.replaceChildren(
        ...Array.from({ length: rows }, (_, i) => {
          const back = document.createElement("span");
          back.style.left = `${i * step}px`;
          return back;
        }),
      );
    }
    stock.classList.toggle("empty", rows === 0);
    stock.classList.toggle("blocked", !game.can_deal);
    stock.setAttribute("aria-label", game.labels.stock);
    removed.setAttribute("aria-label", game.labels.removed);
    slotEls.forEach((li, i) => {
      // one place per run of the game: 8, or 4 with one pack
      li.hidden = i >= game.labels.removed_slots.length;
      if (li.hidden) return;
      const suit = game.removed[i] || "";
      if (li.dataset.suit !== suit || !li.hasAttribute("aria-label")) {
        li.dataset.suit = suit;
        li.className = suit ? `removed-slot filled suit-${suit}` : "removed-slot";
        li.replaceChildren();
        if (suit) {
          const king = document.createElement("span");
          king.className = "rank";
          king.textContent = rankShort("K");
          li.append(king, suitIcon(suit, "pip"));
        }
      }
      li.setAttribute("aria-label", game.labels.removed_slots[i]);
    });
  }

  /** The help's marks: cards (`hinted`), a column (`hint-target`), page controls (`hinted`). */
  function drawHighlight(game) {
    for (const el of document.querySelectorAll(".hinted, .hint-target")) el.classList.remove("hinted", "hint-target");
    const mark = store.highlight;
    if (!mark || !game || mark.id !== game.id || mark.version !== game.version) return;
    if (mark.column) {
      for (const { id } of drawn.columns[mark.column - 1].slice(-mark.count)) cardEls.get(id)?.classList.add("hinted");
    }
    if (mark.target) columnEls[mark.target - 1].classList.add("hint-target");
    for (const id of mark.controls || []) document.getElementById(id)?.classList.add("hinted");
  }

  /** Draw now (normally called on an animation frame). */
  function frame() {
    raf = 0;
    const motion = motionAllowed(store.animations);
    const fresh = freshGame;
    // another game's cards are no place to come from (its ids are the new game's too)
    const before = motion ? (fresh ? new Map() : snapshot(cardEls)) : null;
    const hadFocus = tableau.contains(document.activeElement);
    const plan = store.table && store.table !== drawn ? sync(store.table) : null;
    placeCards();
    if (store.game) drawPiles(store.game);
    drawHighlight(store.game);
    const places = () => ({
      stock: stock.getBoundingClientRect(),
      slot: (i) => slotEls[Math.min(Math.max(i, 0), REMOVED_SLOTS - 1)].getBoundingClientRect(),
    });
    if (before && plan) play(cardEls, before, plan, places());
    else if (before && glideNext) glide(cardEls, before);
    glideNext = false;
    if (plan && !motion) for (const { el } of plan.leaving) el.remove();
    if (hadFocus) applyFocus(true);
    else if (focusElement().getAttribute("tabindex") !== "0") applyFocus(false);
  }

  /**
   * The language changed: repaint the cards' names and ranks (and the removed runs' Kings);
   * the labels follow with the state the host asks for in the new language.
   */
  function relabel() {
    for (const el of cardEls.values()) {
      if (el.cardText == null) continue;
      el.setAttribute("aria-label", cardName(el.cardText));
      el.querySelector(".rank").textContent = rankShort(el.cardText[0]);
    }
    for (const li of slotEls) li.removeAttribute("aria-label");
    schedule();
  }

  /** What a click on a take-off button does: `handler(column)` (main.js: the session's takeOff). */
  function onTakeOff(handler) {
    takeOffHandler = handler;
  }

  return { locate, columnAt, applyFocus, relabel, frame, onTakeOff };
}
