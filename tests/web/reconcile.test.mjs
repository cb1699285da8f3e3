// reconcile.js (today's stopgap until the server sends card ids): keys matched by text.
import test from "node:test";
import assert from "node:assert/strict";
import { keyTable } from "../../src/spider_solitaire/web/js/reconcile.js";

/** A GameState's table part from column specs [face_down, [face-up cards]]. */
function game(specs, stockRows = 5, removed = []) {
  const columns = specs.map(([down, up]) => ({ face_down: down, face_up: up }));
  while (columns.length < 10) columns.push({ face_down: 0, face_up: [] });
  return { columns, stock_rows_left: stockRows, removed, is_won: false };
}

function counter() {
  let n = 0;
  return () => `n${++n}`;
}

const ids = (table, column) => table.columns[column - 1].map((entry) => entry.id);

test("the first table gets fresh keys, face-down cards as null", () => {
  const table = keyTable(null, game([[2, ["5S"]], [0, ["6S", "5H"]]]), counter());
  assert.deepEqual(table.columns[0], [
    { id: "n1", card: null },
    { id: "n2", card: null },
    { id: "n3", card: "5S" },
  ]);
  assert.deepEqual(ids(table, 2), ["n4", "n5"]);
  assert.equal(table.stockRows, 5);
});

test("a moved card keeps its key in its new column; the card turned up keeps the back's key", () => {
  const newId = counter();
  const before = keyTable(null, game([[2, ["5S"]], [0, ["6S"]]]), newId);
  const after = keyTable(before, game([[1, ["9D"]], [0, ["6S", "5S"]]]), newId);
  assert.deepEqual(after.columns[0], [
    { id: "n1", card: null },
    { id: "n2", card: "9D" },
  ]);
  assert.deepEqual(after.columns[1], [
    { id: "n4", card: "6S" },
    { id: "n3", card: "5S" },
  ]);
});

test("dealt cards get fresh keys; the cards under them keep theirs", () => {
  const newId = counter();
  const before = keyTable(null, game([[0, ["KS"]], [0, ["QS"]]]), newId);
  const after = keyTable(before, game([[0, ["KS", "2H"]], [0, ["QS", "2H"]]], 4), newId);
  assert.deepEqual(ids(after, 1), ["n1", "n3"]);
  assert.deepEqual(ids(after, 2), ["n2", "n4"]);
  assert.equal(after.stockRows, 4);
});

test("the same text from another column is taken before the same text from its own", () => {
  const newId = counter();
  const before = keyTable(null, game([[0, ["9S", "7H"]], [0, ["8C", "7H"]]]), newId);
  assert.deepEqual([ids(before, 1), ids(before, 2)], [["n1", "n2"], ["n3", "n4"]]);
  // the 8C and 7H of column 2 went onto the 9S; column 1's own 7H is gone
  const after = keyTable(before, game([[0, ["9S", "8C", "7H"]]]), newId);
  assert.deepEqual(ids(after, 1), ["n1", "n3", "n4"]);
});
