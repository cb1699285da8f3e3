// Where cards go: pure arithmetic on sizes in CSS pixels, no DOM (tests/web/layout.test.mjs
// runs it under Node). render.js measures the page and applies the numbers.

export const COLUMNS = 10;

/** How far a drop may land beside a column and still count for it, in px (a decision of ours). */
const COLUMN_MARGIN = 4;
/** How far above or below the table a drop still counts, in px (a decision of ours). */
const TABLE_MARGIN = 8;

/**
 * The vertical step between the cards of one column.
 *
 * Roomy by default, closed up so that the column always fits its height: a face-down card
 * steps by 10% of the card's height (15% on a tall table, a phone held upright, where
 * spread cards are easier to read and to grab), a face-up card by 27% (45%) but never less
 * than its corner (rank and suit) plus 3 px. When the column is too long, the face-down
 * step closes first (down to 3 px), then the face-up one (down to 2 px): past that the
 * column runs off the bottom rather than hide a corner further.
 *
 * @param {object} sizes
 * @param {number} sizes.faceDown face-down cards in the column (>= 0)
 * @param {number} sizes.faceUp face-up cards in the column (>= 0)
 * @param {number} sizes.cardHeight a card's height, px (> 0)
 * @param {number} sizes.cornerHeight from a card's top to the bottom of its corner, px
 * @param {number} sizes.available the column's height, px
 * @returns {{faceDownStep: number, faceUpStep: number}} px; faceUpStep may be fractional
 */
export function columnSpacing({ faceDown, faceUp, cardHeight, cornerHeight, available }) {
  const tall = available > 9 * cardHeight;
  let down = Math.max(4, Math.round(cardHeight * (tall ? 0.15 : 0.1)));
  let up = Math.max(cornerHeight + 3, Math.round(cardHeight * (tall ? 0.45 : 0.27)));
  const upGaps = Math.max(faceUp - 1, 0);
  const overflow = () => faceDown * down + upGaps * up + cardHeight - available;
  if (overflow() > 0 && faceDown) {
    down = Math.max(3, Math.floor((available - cardHeight - upGaps * up) / faceDown));
  }
  if (overflow() > 0 && faceUp > 1) {
    up = Math.max(2, (available - cardHeight - faceDown * down) / upGaps);
  }
  return { faceDownStep: down, faceUpStep: up };
}

/**
 * The top of every card of a column, bottom card first, rounded to 0.1 px.
 *
 * @param {object} sizes the same as columnSpacing's
 * @returns {number[]} faceDown + faceUp tops in px, the first 0
 */
export function cardTops(sizes) {
  const { faceDownStep, faceUpStep } = columnSpacing(sizes);
  const tops = [];
  let y = 0;
  for (let i = 0; i < sizes.faceDown + sizes.faceUp; i++) {
    tops.push(Math.round(y * 10) / 10);
    y += i < sizes.faceDown ? faceDownStep : faceUpStep;
  }
  return tops;
}

/**
 * The column (1-10) under the point (x, y), or null: within the table's height (give or
 * take TABLE_MARGIN) and within a column's width (give or take COLUMN_MARGIN), the first
 * column from the left that matches.
 *
 * @param {number} x @param {number} y viewport px
 * @param {{top: number, bottom: number}} table the table's rectangle
 * @param {{left: number, right: number}[]} columns the 10 columns' rectangles, column 1 first
 * @returns {number | null}
 */
export function columnAtPoint(x, y, table, columns) {
  if (y < table.top - TABLE_MARGIN || y > table.bottom + TABLE_MARGIN) return null;
  const index = columns.findIndex((r) => x >= r.left - COLUMN_MARGIN && x <= r.right + COLUMN_MARGIN);
  return index < 0 ? null : index + 1;
}
