// animate.js's plan: which cards came, went or turned over between two table models.
import test from "node:test";
import assert from "node:assert/strict";
import { planChanges } from "../../src/spider_solitaire/web/js/animate.js";
import { applyEvents } from "../../src/spider_solitaire/web/js/events.js";

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

test("the first drawing animates nothing", () => {
  assert.deepEqual(planChanges(null, BEFORE), { first: true, entered: [], flipped: [], leaving: [] });
});

test("a move: the moved cards keep their ids (they slide); the card below turns over", () => {
  const after = applyEvents(BEFORE, [
    { kind: "move", source: 3, target: 5, cards: ["KH"], ids: [12] },
    { kind: "turn_up", column: 3, card: "4C", id: 2 },
  ]);
  assert.deepEqual(planChanges(BEFORE, after), { first: false, entered: [], flipped: [2], leaving: [] });
});

test("a deal: the new cards come from the stock, column by column 30 ms apart", () => {
  const after = applyEvents(BEFORE, [{ kind: "deal", cards: Array(10).fill("AH"), ids: DEAL_IDS }]);
  const plan = planChanges(BEFORE, after);
  assert.deepEqual(
    plan.entered.map(({ id, from, delay }) => [id, from, delay]),
    DEAL_IDS.map((id, c) => [id, "stock", 30 * c]),
  );
  assert.deepEqual(plan.leaving, []);
  // undone: they go back to the stock, the last one first
  const back = planChanges(after, BEFORE);
  assert.deepEqual(
    back.leaving.map(({ id, to, delay }) => [id, to, delay]),
    DEAL_IDS.map((id, c) => [id, "stock", 18 * (9 - c)]),
  );
});

test("a removed run goes to the next removed-run slot; undo brings it back from there", () => {
  const run = Array.from({ length: 13 }, (_, i) => ({ id: 100 + i, card: `${"KQJT98765432A"[i]}S` }));
  const withRun = { ...BEFORE, columns: [[...BEFORE.columns[0], ...run], ...BEFORE.columns.slice(1)] };
  const removed = applyEvents(withRun, [{ kind: "remove_run", column: 1, suit: "S", ids: run.map((e) => e.id) }]);
  const plan = planChanges(withRun, removed);
  assert.deepEqual(plan.entered, []);
  assert.deepEqual(
    plan.leaving.map(({ id, to, slot, delay }) => [id, to, slot, delay]),
    run.map(({ id }, i) => [id, "slot", 1, 18 * (12 - i)]),
  );
  const back = planChanges(removed, withRun);
  assert.deepEqual(
    back.entered.map(({ id, from, slot, delay }) => [id, from, slot, delay]),
    run.map(({ id }, i) => [id, "slot", 1, 8 * i]),
  );
});

test("cards neither dealt nor from a run fade in and out (a new game)", () => {
  const other = { ...BEFORE, columns: BEFORE.columns.map((column) => column.map(({ id, card }) => ({ id: id + 200, card }))) };
  const plan = planChanges(BEFORE, other);
  assert.equal(plan.entered.length, 20);
  assert.ok(plan.entered.every(({ from, delay }) => from === "fade" && delay === 0));
  assert.deepEqual(new Set(plan.leaving.map(({ to }) => to)), new Set(["fade"]));
  assert.deepEqual(plan.leaving.map(({ id }) => id), [0, 10, 1, 11, 2, 12, 3, 13, 4, 14, 5, 15, 6, 16, 7, 17, 8, 18, 9, 19]);
});
