// events.js: the server's events applied to a table model keyed by card id, and undone by
// their inverse events (docs/api.md: undo answers the inverse events in reverse order).
import test from "node:test";
import assert from "node:assert/strict";
import { applyEvents, EventError, modelFromState, nextTable, sameModel } from "../../src/spider_solitaire/web/js/events.js";

const SPADES = ["KS", "QS", "JS", "TS", "9S", "8S", "7S", "6S", "5S", "4S", "3S", "2S", "AS"];

/** A model from short column specs: "d" a face-down card, else a card's text; ids from `first`. */
function model(specs, { stockRows = 0, removed = [], won = false, first = 0 } = {}) {
  let id = first;
  const columns = specs.map((spec) => spec.map((card) => ({ id: id++, card: card === "d" ? null : card })));
  return { columns, stockRows, removed, won };
}

/** Freeze a model all the way down, so that a change in place throws. */
function frozen(value) {
  if (value && typeof value === "object") {
    for (const inner of Object.values(value)) frozen(inner);
    Object.freeze(value);
  }
  return value;
}

const START = frozen(
  model([["d", "5S"], ["d", "6S"], ["d", "KH"], ["d", "QH"], ["d", "JH"], ["d", "TH"], ["d", "9H"], ["d", "8H"], ["d", "7H"], ["d", "2H"]], {
    stockRows: 2,
  }),
);
// ids: column n's face-down card is 2(n-1), its face-up card 2(n-1)+1; the 5S is 1, the 6S 3

test("a move takes the ids off the end of one column onto another; turn_up names the card below", () => {
  const after = applyEvents(START, [
    { kind: "move", source: 1, target: 2, cards: ["5S"], ids: [1] },
    { kind: "turn_up", column: 1, card: "9D", id: 0 },
  ]);
  assert.deepEqual(after.columns[0], [{ id: 0, card: "9D" }]);
  assert.deepEqual(after.columns[1], [
    { id: 2, card: null },
    { id: 3, card: "6S" },
    { id: 1, card: "5S" },
  ]);
  assert.deepEqual(after.columns.slice(2), START.columns.slice(2));
  assert.equal(after.stockRows, 2);
});

test("undoing the move: turn_down then the move back give the model before", () => {
  const played = applyEvents(START, [
    { kind: "move", source: 1, target: 2, cards: ["5S"], ids: [1] },
    { kind: "turn_up", column: 1, card: "9D", id: 0 },
  ]);
  const undone = applyEvents(played, [
    { kind: "turn_down", column: 1, id: 0 },
    { kind: "move", source: 2, target: 1, cards: ["5S"], ids: [1] },
  ]);
  assert.deepEqual(undone, START);
});

test("a deal puts ids[i] onto column i+1 and takes a row from the stock; undeal takes it back", () => {
  const ids = [54, 55, 56, 57, 58, 59, 60, 61, 62, 63];
  const cards = ["AH", "2H", "3H", "4H", "5H", "6H", "7H", "8H", "9H", "TH"];
  const dealt = applyEvents(START, [{ kind: "deal", cards, ids }]);
  assert.equal(dealt.stockRows, 1);
  assert.deepEqual(
    dealt.columns.map((column) => column.at(-1)),
    ids.map((id, i) => ({ id, card: cards[i] })),
  );
  assert.equal(dealt.columns[4].length, 3);
  assert.deepEqual(applyEvents(dealt, [{ kind: "undeal", ids }]), START);
});

test("a completed run is removed (King first) and wins; undo brings it back and unwins", () => {
  const before = frozen(model([["d", ...SPADES.slice(0, 12)], ["AS"]], { removed: ["S", "S", "S", "S", "S", "S", "S"] }));
  const runIds = [...before.columns[0].slice(1).map((entry) => entry.id), 13];
  const played = applyEvents(before, [
    { kind: "move", source: 2, target: 1, cards: ["AS"], ids: [13] },
    { kind: "remove_run", column: 1, suit: "S", ids: runIds },
    { kind: "turn_up", column: 1, card: "KH", id: 0 },
    { kind: "won", score: 1183 },
  ]);
  assert.deepEqual(played.columns, [[{ id: 0, card: "KH" }], []]);
  assert.deepEqual(played.removed, ["S", "S", "S", "S", "S", "S", "S", "S"]);
  assert.equal(played.won, true);
  const undone = applyEvents(played, [
    { kind: "unwon" },
    { kind: "turn_down", column: 1, id: 0 },
    { kind: "restore_run", column: 1, suit: "S", cards: SPADES, ids: runIds },
    { kind: "move", source: 1, target: 2, cards: ["AS"], ids: [13] },
  ]);
  assert.deepEqual(undone, before);
});

test("restart takes the table from the state that came with it", () => {
  const state = {
    columns: Array.from({ length: 10 }, (_, i) => ({ face_down: 1, face_up: [`${i + 2 > 9 ? "T" : i + 2}S`], ids: [i, i + 10] })),
    stock_rows_left: 5,
    removed: [],
    is_won: false,
  };
  const played = applyEvents(START, [{ kind: "move", source: 1, target: 2, cards: ["5S"], ids: [1] }]);
  const restarted = applyEvents(played, [{ kind: "restart" }], state);
  assert.deepEqual(restarted, modelFromState(state));
  assert.deepEqual(restarted.columns[9], [
    { id: 9, card: null },
    { id: 19, card: "TS" },
  ]);
  assert.equal(restarted.stockRows, 5);
  assert.throws(() => applyEvents(played, [{ kind: "restart" }]), /restart: the state that came with it is needed/);
});

test("modelFromState needs one id per card", () => {
  const columns = Array.from({ length: 10 }, () => ({ face_down: 2, face_up: ["KS"], ids: [1, 2, 3] }));
  assert.equal(modelFromState({ columns, stock_rows_left: 0, removed: ["H"], is_won: false }).columns[0][2].card, "KS");
  columns[3] = { face_down: 2, face_up: ["KS"], ids: [1, 2] };
  assert.throws(() => modelFromState({ columns, stock_rows_left: 0, removed: [], is_won: false }), /column 4: 3 cards/);
  assert.throws(() => modelFromState({ columns: columns.slice(1) }), EventError);
});

test("an event that does not fit the model is refused, naming what is wrong", () => {
  const refused = [
    [{ kind: "move", source: 1, target: 2, cards: ["6S"], ids: [3] }, /move: column 1 does not end with ids 3/],
    [{ kind: "move", source: 1, target: 1, cards: ["5S"], ids: [1] }, /move: column 1 onto itself/],
    [{ kind: "move", source: 1, target: 11, cards: ["5S"], ids: [1] }, /move: no column 11/],
    [{ kind: "move", source: 1, target: 2, cards: [], ids: [1] }, /move: 1 ids but cards \[\]/],
    [{ kind: "move", source: 1, target: 2, cards: ["5S"], ids: [] }, /move: column 1 does not end with ids/],
    [{ kind: "turn_up", column: 1, card: "9D", id: 0 }, /turn_up: the last card of column 1 is not id 0/],
    [{ kind: "remove_run", column: 1, suit: "S", ids: [0, 1, 2] }, /remove_run: column 1 does not end with ids 0,1,2/],
    [{ kind: "restore_run", column: 1, suit: "S", cards: ["KS"], ids: [70] }, /restore_run: the last removed run is none, not S/],
    [{ kind: "undeal", ids: [1, 2] }, /undeal: column 2 does not end with ids 2/],
    [{ kind: "deal", cards: ["AS"], ids: "54" }, /deal: ids "54" are not a list/],
    [{ kind: "shuffle" }, /unknown event kind "shuffle"/],
    [{ kind: "constructor" }, /unknown event kind "constructor"/],
  ];
  for (const [event, message] of refused) {
    assert.throws(() => applyEvents(START, [event]), (error) => error instanceof EventError && message.test(error.message), JSON.stringify(event));
  }
  const empty = { ...START, stockRows: 0 };
  assert.throws(() => applyEvents(empty, [{ kind: "deal", cards: [], ids: [] }]), /deal: the stock is empty/);
});

test("no events: the same model", () => {
  assert.equal(applyEvents(START, []), START);
});

/** A GameState's table part for `model` (what the server would send with it). */
function stateOf(model) {
  return {
    columns: model.columns.map((cards) => {
      const down = cards.filter((entry) => entry.card == null).length;
      return { face_down: down, face_up: cards.slice(down).map((entry) => entry.card), ids: cards.map((entry) => entry.id) };
    }),
    stock_rows_left: model.stockRows,
    removed: [...model.removed],
    is_won: model.won,
  };
}

const MOVE = [
  { kind: "move", source: 1, target: 2, cards: ["5S"], ids: [1] },
  { kind: "turn_up", column: 1, card: "9D", id: 0 },
];

test("sameModel compares ids, faces, the stock, the removed runs and the win", () => {
  const copy = modelFromState(stateOf(START));
  assert.ok(sameModel(START, copy));
  assert.ok(!sameModel(START, applyEvents(START, MOVE)));
  assert.ok(!sameModel(START, { ...copy, stockRows: 1 }));
  assert.ok(!sameModel(START, { ...copy, removed: ["S"] }));
  assert.ok(!sameModel(START, { ...copy, won: true }));
  const otherId = { ...copy, columns: [[{ id: 99, card: null }, copy.columns[0][1]], ...copy.columns.slice(1)] };
  assert.ok(!sameModel(START, otherId));
  const otherFace = { ...copy, columns: [[{ id: 0, card: "AS" }, copy.columns[0][1]], ...copy.columns.slice(1)] };
  assert.ok(!sameModel(START, otherFace));
  assert.ok(sameModel(null, null) && !sameModel(START, null));
});

test("nextTable follows the events when they lead to the state's table", () => {
  const state = stateOf(applyEvents(START, MOVE));
  const next = nextTable(START, state, MOVE);
  assert.equal(next.events, MOVE);
  assert.deepEqual(next.model, modelFromState(state));
});

test("nextTable re-syncs from the state, quietly, when the events do not lead to it", () => {
  const state = stateOf(applyEvents(START, MOVE));
  // events that do not fit (a card not where they say): the state's table, no events
  const misfit = nextTable(START, state, [{ kind: "move", source: 3, target: 4, cards: ["KH"], ids: [1] }]);
  assert.deepEqual(misfit, { model: modelFromState(state), events: null });
  // events that fit but lead elsewhere (an answer missed: another tab played meanwhile)
  const elsewhere = nextTable(START, state, [{ kind: "move", source: 1, target: 2, cards: ["5S"], ids: [1] }]);
  assert.deepEqual(elsewhere, { model: modelFromState(state), events: null });
  // no table yet, or no events: the state's table
  assert.deepEqual(nextTable(null, state, MOVE), { model: modelFromState(state), events: null });
  assert.deepEqual(nextTable(START, state, null), { model: modelFromState(state), events: null });
});

test("nextTable keeps the model shown when the state shows the same table", () => {
  assert.deepEqual(nextTable(START, stateOf(START), null), { model: START, events: [] });
  assert.equal(nextTable(START, stateOf(START), null).model, START);
});
