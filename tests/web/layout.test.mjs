// layout.js: card placement and spacing in a column, and which column a point is over.
import test from "node:test";
import assert from "node:assert/strict";
import { cardTops, columnAtPoint, columnSpacing } from "../../src/spider_solitaire/web/js/layout.js";

const DESKTOP = { cardHeight: 140, cornerHeight: 24, available: 500 };

test("a short column is spread roomily: 10% of a card per face-down card, 27% per face-up", () => {
  assert.deepEqual(columnSpacing({ ...DESKTOP, faceDown: 3, faceUp: 2 }), { faceDownStep: 14, faceUpStep: 38 });
  assert.deepEqual(cardTops({ ...DESKTOP, faceDown: 3, faceUp: 2 }), [0, 14, 28, 42, 80]);
});

test("a tall table (a phone upright) spreads wider: 15% and 45%", () => {
  const phone = { cardHeight: 60, cornerHeight: 14, available: 600 };
  assert.deepEqual(columnSpacing({ ...phone, faceDown: 4, faceUp: 3 }), { faceDownStep: 9, faceUpStep: 27 });
});

test("a face-up step never hides the corner while there is room", () => {
  // 27% of 60 px is 16 px, less than the 20 px corner: the step is corner + 3
  const small = { cardHeight: 60, cornerHeight: 20, available: 300 };
  assert.deepEqual(columnSpacing({ ...small, faceDown: 0, faceUp: 5 }), { faceDownStep: 6, faceUpStep: 23 });
});

test("a long column closes up the face-down cards first, then the face-up ones, to fit", () => {
  const sizes = { ...DESKTOP, faceDown: 5, faceUp: 20 };
  const { faceDownStep, faceUpStep } = columnSpacing(sizes);
  assert.equal(faceDownStep, 3);
  assert.equal(faceUpStep, (500 - 140 - 5 * 3) / 19);
  const tops = cardTops(sizes);
  assert.equal(tops.length, 25);
  assert.equal(tops[5], 15);
  assert.ok(Math.abs(tops[24] + 140 - 500) <= 0.1, `the last card ends at ${tops[24] + 140}`);
});

test("closing the face-down cards alone may be enough", () => {
  // 6 x 14 + 5 x 38 + 140 = 414 > 400; with face-down steps of 11: 66 + 190 + 140 = 396
  const sizes = { cardHeight: 140, cornerHeight: 24, available: 400, faceDown: 6, faceUp: 6 };
  assert.deepEqual(columnSpacing(sizes), { faceDownStep: 11, faceUpStep: 38 });
});

test("past the smallest steps (3 px face-down, 2 px face-up) the column runs over", () => {
  const sizes = { cardHeight: 140, cornerHeight: 24, available: 150, faceDown: 10, faceUp: 30 };
  assert.deepEqual(columnSpacing(sizes), { faceDownStep: 3, faceUpStep: 2 });
  assert.equal(cardTops(sizes).at(-1), 10 * 3 + 29 * 2);
});

test("an empty column has no tops, one card sits at the top", () => {
  assert.deepEqual(cardTops({ ...DESKTOP, faceDown: 0, faceUp: 0 }), []);
  assert.deepEqual(cardTops({ ...DESKTOP, faceDown: 0, faceUp: 1 }), [0]);
});

test("tops are rounded to a tenth of a pixel", () => {
  // 3 steps of 27 px do not fit 150 - 100 px: each is 50 / 3 px
  const tops = cardTops({ cardHeight: 100, cornerHeight: 10, available: 150, faceDown: 0, faceUp: 4 });
  assert.deepEqual(tops, [0, 16.7, 33.3, 50]);
});

test("columnAtPoint: a column's width give or take 4 px, the table's height give or take 8 px", () => {
  const table = { top: 100, bottom: 600 };
  const columns = Array.from({ length: 10 }, (_, i) => ({ left: 10 + i * 60, right: 60 + i * 60 }));
  assert.equal(columnAtPoint(35, 300, table, columns), 1);
  assert.equal(columnAtPoint(63, 300, table, columns), 1); // 3 px right of column 1
  assert.equal(columnAtPoint(67, 300, table, columns), 2); // 3 px left of column 2
  assert.equal(columnAtPoint(600, 95, table, columns), 10);
  assert.equal(columnAtPoint(7, 300, table, columns), 1); // 3 px left of column 1
  assert.equal(columnAtPoint(5, 300, table, columns), null); // 5 px left of it
  assert.equal(columnAtPoint(35, 91, table, columns), null);
  assert.equal(columnAtPoint(35, 609, table, columns), null);
  assert.equal(columnAtPoint(700, 300, table, columns), null);
});
