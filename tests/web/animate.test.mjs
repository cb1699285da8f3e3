// animate.js's plan: which cards came (from where), went (where to) or turned over, read
// from the server's events between two table models.
import test from "node:test";
import assert from "node:assert/strict";
import { planChanges } from "../../src/spider_solitaire/web/js/animate.js";
import { applyEvents, modelFromState } from "../../src/spider_solitaire/web/js/events.js";

const DEAL_IDS = [54, 55, 56, 57, 58, 59, 60, 61, 62, 63];
const BEFORE = {
  columns: Array.from({ length: 10 }, (_, i) => [
    { id: i, card: null },
    { id: i + 10, card: "KH" },
  ]),
  stockRows: 3,
  removed: ["S"],
  won: false,
};
const SPADES = ["KS", "QS", "JS", "TS", "9S", "8S", "7S", "6S", "5S", "4S", "3S", "2S", "AS"];
const RUN_IDS = SPADES.map((_, i) => 100 + i);

/** The plan of `events` played on `before` (the model after them computed by events.js). */
function planOf(before, events, state = null) {
  return planChanges(before, events, applyEvents(before, events, state));
}

/** [id, from|to, slot, delay] of a plan's entries. */
const rows = (entries) => entries.map(({ id, from, to, slot, delay }) => [id, from ?? to, slot, delay]);

test("the first drawing animates nothing", () => {
  assert.deepEqual(planChanges(null, null, BEFORE), { first: true, entered: [], flipped: [], leaving: [] });
});

test("a move: the moved cards keep their ids (they slide); the card below turns over", () => {
  const plan = planOf(BEFORE, [
    { kind: "move", source: 3, target: 5, cards: ["KH"], ids: [12] },
    { kind: "turn_up", column: 3, card: "4C", id: 2 },
  ]);
  assert.deepEqual(plan, { first: false, entered: [], flipped: [2], leaving: [] });
});

test("undoing the move: the card turns face-down again and slides back", () => {
  const played = applyEvents(BEFORE, [
    { kind: "move", source: 3, target: 5, cards: ["KH"], ids: [12] },
    { kind: "turn_up", column: 3, card: "4C", id: 2 },
  ]);
  const undo = [
    { kind: "turn_down", column: 3, id: 2 },
    { kind: "move", source: 5, target: 3, cards: ["KH"], ids: [12] },
  ];
  assert.deepEqual(planOf(played, undo), { first: false, entered: [], flipped: [2], leaving: [] });
});

test("a deal: the new cards come from the stock, column by column 30 ms apart; undeal sends them back", () => {
  const deal = [{ kind: "deal", cards: Array(10).fill("AH"), ids: DEAL_IDS }];
  const after = applyEvents(BEFORE, deal);
  const plan = planChanges(BEFORE, deal, after);
  assert.deepEqual(rows(plan.entered), DEAL_IDS.map((id, c) => [id, "stock", 1, 30 * c]));
  assert.deepEqual(plan.leaving, []);
  // undone: they go back to the stock, the last one first
  const back = planOf(after, [{ kind: "undeal", ids: DEAL_IDS }]);
  assert.deepEqual(back.entered, []);
  assert.deepEqual(rows(back.leaving), DEAL_IDS.map((id, c) => [id, "stock", 1, 18 * (9 - c)]));
});

test("a removed run goes to the next removed-run slot; undo brings it back from there", () => {
  const run = RUN_IDS.map((id, i) => ({ id, card: SPADES[i] }));
  const withRun = { ...BEFORE, columns: [[...BEFORE.columns[0], ...run], ...BEFORE.columns.slice(1)] };
  const removal = [{ kind: "remove_run", column: 1, suit: "S", ids: RUN_IDS }];
  const removed = applyEvents(withRun, removal);
  const plan = planChanges(withRun, removal, removed);
  assert.deepEqual(plan.entered, []);
  assert.deepEqual(plan.flipped, []);
  assert.deepEqual(rows(plan.leaving), RUN_IDS.map((id, i) => [id, "slot", 1, 18 * (12 - i)]));
  const back = planOf(removed, [{ kind: "restore_run", column: 1, suit: "S", cards: SPADES, ids: RUN_IDS }]);
  assert.deepEqual(rows(back.entered), RUN_IDS.map((id, i) => [id, "slot", 1, 8 * i]));
  assert.deepEqual(back.leaving, []);
});

test("undoing a move that completed a run: the run comes back, and its Ace slides on home", () => {
  // column 2 holds the Ace; the move of the Ace onto column 1 completed the run
  const start = {
    ...BEFORE,
    columns: [
      [...BEFORE.columns[0], ...RUN_IDS.slice(0, 12).map((id, i) => ({ id, card: SPADES[i] }))],
      [{ id: 1, card: null }, { id: 112, card: "AS" }],
      ...BEFORE.columns.slice(2),
    ],
  };
  const move = [
    { kind: "move", source: 2, target: 1, cards: ["AS"], ids: [112] },
    { kind: "remove_run", column: 1, suit: "S", ids: RUN_IDS },
    { kind: "turn_up", column: 2, card: "7D", id: 1 },
  ];
  const played = applyEvents(start, move);
  const forward = planChanges(start, move, played);
  assert.deepEqual(forward.flipped, [1]);
  assert.deepEqual(rows(forward.leaving).map(([id, to, slot]) => [id, to, slot]), RUN_IDS.map((id) => [id, "slot", 1]));
  const undo = [
    { kind: "turn_down", column: 2, id: 1 },
    { kind: "restore_run", column: 1, suit: "S", cards: SPADES, ids: RUN_IDS },
    { kind: "move", source: 1, target: 2, cards: ["AS"], ids: [112] },
  ];
  const back = planOf(played, undo);
  assert.deepEqual(back.flipped, [1]);
  assert.deepEqual(back.leaving, []);
  // every card of the run comes from the slot, the Ace too (it ends in column 2)
  assert.deepEqual(new Set(back.entered.map(({ id }) => id)), new Set(RUN_IDS));
  assert.ok(back.entered.every(({ from, slot }) => from === "slot" && slot === 1));
});

test("restart: every card back to its place, dealt ones to the stock, removed runs back from their slot", () => {
  const state = {
    columns: BEFORE.columns.map((column) => ({ face_down: 1, face_up: ["KH"], ids: column.map((entry) => entry.id) })),
    stock_rows_left: 3,
    removed: [],
    is_won: false,
  };
  state.columns[0] = { face_down: 1, face_up: SPADES.slice(0, 1), ids: [0, 100] };
  state.columns[1] = { face_down: 2, face_up: ["KH"], ids: [1, 101, 11] }; // 101 face-down again
  // the table now: column 1's KS (id 100) is in the removed run of slot 0; 101 is face-up
  const now = applyEvents(BEFORE, [{ kind: "deal", cards: Array(10).fill("AH"), ids: DEAL_IDS }]);
  now.columns[0] = [{ id: 0, card: "KH" }, { id: 54, card: "AH" }];
  now.columns[1] = [{ id: 1, card: null }, { id: 101, card: "QS" }, { id: 11, card: "KH" }, { id: 55, card: "AH" }];
  const plan = planChanges(now, [{ kind: "restart" }], modelFromState(state));
  assert.deepEqual(rows(plan.entered), [[100, "slot", 0, 0]]);
  assert.deepEqual(plan.flipped.sort((a, b) => a - b), [0, 101]);
  assert.deepEqual(
    plan.leaving.map(({ id, to }) => [id, to]),
    DEAL_IDS.map((id) => [id, "stock"]),
  );
});

test("a rewind's events in order: a card dealt and taken back again does not move", () => {
  const dealt = applyEvents(BEFORE, [{ kind: "deal", cards: Array(10).fill("AH"), ids: DEAL_IDS }]);
  const events = [
    { kind: "undeal", ids: DEAL_IDS },
    { kind: "deal", cards: Array(10).fill("AH"), ids: DEAL_IDS },
    { kind: "undeal", ids: DEAL_IDS },
  ];
  const plan = planOf(dealt, events);
  assert.deepEqual(plan.entered, []);
  assert.deepEqual(plan.leaving.map(({ id, to }) => [id, to]), DEAL_IDS.map((id) => [id, "stock"]));
});

test("without events (a new game, a re-sync) cards come and go by fading, and none turns", () => {
  const other = { ...BEFORE, columns: BEFORE.columns.map((column) => column.map(({ id, card }) => ({ id: id + 200, card }))) };
  other.columns[0] = [{ id: 0, card: "5D" }]; // on both tables, another face: no flip without events
  const plan = planChanges(BEFORE, null, other);
  assert.equal(plan.entered.length, 18);
  assert.ok(plan.entered.every(({ from, delay }) => from === "fade" && delay === 0));
  assert.deepEqual(plan.flipped, []);
  assert.deepEqual(new Set(plan.leaving.map(({ to }) => to)), new Set(["fade"]));
  assert.deepEqual(plan.leaving.map(({ id }) => id), [10, 1, 11, 2, 12, 3, 13, 4, 14, 5, 15, 6, 16, 7, 17, 8, 18, 9, 19]);
});
