// The table as a model keyed by card id, and the server's events applied to it. Pure: no
// DOM (tests/web/events.test.mjs runs it under Node).
//
// Card ids (docs/api.md, "card ids"): every card of a game has an integer id for the whole
// game, from where it started, never from what it is; the state lists each column's ids
// and every event names the ids it touches. The browser keys its DOM by id and animates
// from the events, with no matching of card texts and no diffing of states.
//
// A model: {columns, stockRows, removed, won}
//   columns   one array per column (10, or 7 in a one-pack game), bottom to top, of {id, card}: card is text ("TS") or null when
//             the card is face-down (an id tells nothing about a face-down card)
//   stockRows rows left in the stock
//   removed   the suits of the removed runs, in the order they were removed
//   won       whether the game is won
// Models are never changed in place: applyEvents returns a new one.

const COLUMNS = 10; // the most columns a game of the family has

/** An event that does not fit the model (a card that is not where it says, an unknown kind). */
export class EventError extends Error {
  constructor(message) {
    super(message);
    this.name = "EventError";
  }
}

/**
 * The model of a GameState that carries ids (`columns[i].ids`, face-down cards first).
 *
 * @throws {EventError} when a column has no ids or not one per card
 */
export function modelFromState(state) {
  // a game of the family has 10 columns, or 7: the state says how many
  if (!state || !Array.isArray(state.columns) || state.columns.length < 1 || state.columns.length > COLUMNS) {
    throw new EventError(`a state needs 1 to ${COLUMNS} columns`);
  }
  const columns = state.columns.map(({ face_down: down, face_up: up, ids }, index) => {
    if (!Array.isArray(ids) || ids.length !== down + up.length) {
      throw new EventError(`column ${index + 1}: ${down + up.length} cards but ids ${JSON.stringify(ids)}`);
    }
    return ids.map((id, i) => ({ id, card: i < down ? null : up[i - down] }));
  });
  return { columns, stockRows: state.stock_rows_left, removed: [...state.removed], won: !!state.is_won };
}

function columnOf(model, column, kind) {
  if (!Number.isInteger(column) || column < 1 || column > model.columns.length) {
    throw new EventError(`${kind}: no column ${JSON.stringify(column)}`);
  }
  return model.columns[column - 1];
}

/** The column without its last ids.length cards, which must be exactly `ids`, in order. */
function withoutTail(model, column, ids, kind) {
  checkIds(ids, kind);
  const cards = columnOf(model, column, kind);
  const tail = cards.slice(cards.length - ids.length).map((entry) => entry.id);
  if (ids.length === 0 || ids.length > cards.length || tail.some((id, i) => id !== ids[i])) {
    throw new EventError(`${kind}: column ${column} does not end with ids ${ids.join(",")} (it ends ${tail.join(",")})`);
  }
  return cards.slice(0, cards.length - ids.length);
}

/** The column with its last card (which must be `id`) shown as `card` (null: face-down). */
function withLastCard(model, column, id, card, kind) {
  const cards = columnOf(model, column, kind);
  const last = cards[cards.length - 1];
  if (!last || last.id !== id) throw new EventError(`${kind}: the last card of column ${column} is not id ${id}`);
  return [...cards.slice(0, -1), { id, card }];
}

function checkIds(ids, kind) {
  if (!Array.isArray(ids)) throw new EventError(`${kind}: ids ${JSON.stringify(ids)} are not a list`);
}

function faceUpEntries(ids, cards, kind) {
  checkIds(ids, kind);
  if (!Array.isArray(cards) || cards.length !== ids.length) {
    throw new EventError(`${kind}: ${ids.length} ids but cards ${JSON.stringify(cards)}`);
  }
  return ids.map((id, i) => ({ id, card: cards[i] }));
}

function replaceColumns(model, changes) {
  const columns = model.columns.slice();
  for (const [column, cards] of changes) columns[column - 1] = cards;
  return { ...model, columns };
}

/** What each kind of event does to a model: (model, event, state) -> model. */
const APPLY = {
  move(model, { source, target, cards, ids }) {
    const left = withoutTail(model, source, ids, "move");
    columnOf(model, target, "move");
    if (target === source) throw new EventError(`move: column ${source} onto itself`);
    const arrived = [...model.columns[target - 1], ...faceUpEntries(ids, cards, "move")];
    return replaceColumns(model, [[source, left], [target, arrived]]);
  },
  turn_up(model, { column, card, id }) {
    return replaceColumns(model, [[column, withLastCard(model, column, id, card, "turn_up")]]);
  },
  turn_down(model, { column, id }) {
    return replaceColumns(model, [[column, withLastCard(model, column, id, null, "turn_down")]]);
  },
  deal(model, { cards, ids }) {
    if (model.stockRows < 1) throw new EventError("deal: the stock is empty");
    checkIds(ids, "deal");
    const width = model.columns.length;
    if (ids.length > width) throw new EventError(`deal: ${ids.length} cards for ${width} columns`);
    const dealt = faceUpEntries(ids, cards, "deal");
    const next = replaceColumns(model, dealt.map((entry, i) => [i + 1, [...model.columns[i], entry]]));
    return { ...next, stockRows: model.stockRows - 1 };
  },
  undeal(model, { ids }) {
    checkIds(ids, "undeal");
    const width = model.columns.length;
    if (ids.length > width) throw new EventError(`undeal: ${ids.length} cards for ${width} columns`);
    const next = replaceColumns(model, ids.map((id, i) => [i + 1, withoutTail(model, i + 1, [id], "undeal")]));
    return { ...next, stockRows: model.stockRows + 1 };
  },
  remove_run(model, { column, suit, ids }) {
    const next = replaceColumns(model, [[column, withoutTail(model, column, ids, "remove_run")]]);
    return { ...next, removed: [...model.removed, suit] };
  },
  restore_run(model, { column, suit, cards, ids }) {
    const last = model.removed[model.removed.length - 1];
    if (last !== suit) throw new EventError(`restore_run: the last removed run is ${last ?? "none"}, not ${suit}`);
    const back = [...columnOf(model, column, "restore_run"), ...faceUpEntries(ids, cards, "restore_run")];
    return { ...replaceColumns(model, [[column, back]]), removed: model.removed.slice(0, -1) };
  },
  won(model) {
    return { ...model, won: true };
  },
  unwon(model) {
    return { ...model, won: false };
  },
  restart(model, event, state) {
    // the event carries nothing: the table's start comes with the answer's state
    if (!state) throw new EventError("restart: the state that came with it is needed");
    return modelFromState(state);
  },
};

/**
 * The model after `events`, applied in order (the `events` of an action's answer).
 *
 * @param model the model before the action
 * @param events [{kind, ...}] as docs/api.md describes them: move, turn_up, deal,
 *   remove_run, won, and for undo restore_run, turn_down, undeal, unwon, and restart
 * @param state the GameState that came with the events; needed only for a restart
 * @returns a new model; `model` is left as it was
 * @throws {EventError} naming the event that does not fit (then show the state instead)
 */
export function applyEvents(model, events, state = null) {
  let next = model;
  for (const event of events) {
    const apply = Object.hasOwn(APPLY, event?.kind) ? APPLY[event.kind] : null;
    if (!apply) throw new EventError(`unknown event kind ${JSON.stringify(event?.kind)}`);
    next = apply(next, event, state);
  }
  return next;
}

/** Whether two models show the same table: the same ids, faces, stock, removed runs and win. */
export function sameModel(a, b) {
  if (!a || !b) return a === b;
  if (a.stockRows !== b.stockRows || a.won !== b.won || a.removed.join() !== b.removed.join()) return false;
  return a.columns.every((cards, c) => {
    const other = b.columns[c];
    return other.length === cards.length && cards.every((entry, i) => entry.id === other[i].id && entry.card === other[i].card);
  });
}

/**
 * The table after an answer: `model` with the answer's `events` applied, checked against
 * the answer's `state`. When the events do not fit or do not lead to the state's table (a
 * bug, or an answer missed: another tab played meanwhile), the table is the state's, and
 * `events` is null: nothing is known about how it got there (a quiet re-sync).
 *
 * @param model the table shown before, or null (none yet, or another game)
 * @param state the GameState of the answer (with `columns[i].ids`)
 * @param events the answer's events, or null (an answer that brings a state only)
 * @returns {{model, events: object[] | null}} when nothing changed, the given model and no
 *   events
 * @throws {EventError} when the state itself has no ids (see modelFromState)
 */
export function nextTable(model, state, events) {
  const shown = modelFromState(state);
  if (model && sameModel(model, shown)) return { model, events: [] };
  if (model && events) {
    try {
      const played = applyEvents(model, events, state);
      if (sameModel(played, shown)) return { model: played, events };
    } catch (error) {
      if (!(error instanceof EventError)) throw error;
    }
  }
  return { model: shown, events: null };
}
