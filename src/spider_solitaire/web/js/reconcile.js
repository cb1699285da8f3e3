// TODAY'S STOPGAP, the one place that matches cards by their text: the server does not yet
// send card ids, so a new state's cards are given the keys of the cards shown before by
// matching texts (a card text appears 2 to 8 times in a deck, so this is a guess that
// usually picks the card the player saw move). When the state carries ids, store.js builds
// the table with events.js (modelFromState / applyEvents) and this module goes. Pure: no DOM.

let lastId = 0;

/** A fresh key for a card that was not on the table (dealt, or back from a removed run). */
function freshId() {
  lastId += 1;
  return `k${lastId}`;
}

/**
 * The table model of events.js for `game` (a GameState without ids), keyed like `previous`
 * where the cards can be matched: the unchanged start of each column keeps its keys, a
 * face-up card that is now elsewhere is found by its text (first in another column), a
 * card turned over keeps the key of the card at its place, and the rest get fresh keys.
 *
 * @param previous the model shown before, or null
 * @param game the GameState to show
 * @param newId () => a key never used before (for tests; a counter by default)
 * @returns {{columns: {id: string, card: string | null}[][], stockRows: number,
 *   removed: string[], won: boolean}}
 */
export function keyTable(previous, game, newId = freshId) {
  const have = previous?.columns ?? game.columns.map(() => []);
  const released = [];
  const next = [];
  const tails = [];
  game.columns.forEach(({ face_down: down, face_up: up }, c) => {
    const want = [...Array(down).fill(null), ...up];
    let i = 0;
    while (i < have[c].length && i < want.length && have[c][i].card === want[i]) i++;
    next[c] = have[c].slice(0, i);
    for (let j = i; j < have[c].length; j++) released.push({ ...have[c][j], column: c, index: j, used: false });
    tails.push({ c, from: i, want });
  });
  const take = (predicate) => {
    const found = released.find((r) => !r.used && predicate(r));
    if (found) found.used = true;
    return found;
  };
  const slots = tails.map(({ want, from }) => want.slice(from).map(() => null));
  // 1. the same face-up card elsewhere (a move, undo, redo)
  for (const { c, from, want } of tails) {
    for (let j = from; j < want.length; j++) {
      if (want[j] == null) continue;
      const r = take((x) => x.card === want[j] && x.column !== c) || take((x) => x.card === want[j]);
      if (r) slots[c][j - from] = r.id;
    }
  }
  // 2. a card turned over in place
  for (const { c, from, want } of tails) {
    for (let j = from; j < want.length; j++) {
      if (slots[c][j - from]) continue;
      const r = take((x) => x.column === c && x.index === j);
      if (r) slots[c][j - from] = r.id;
    }
  }
  // 3. fresh keys
  for (const { c, from, want } of tails) {
    for (let j = from; j < want.length; j++) next[c].push({ id: slots[c][j - from] || newId(), card: want[j] });
  }
  return { columns: next, stockRows: game.stock_rows_left, removed: [...game.removed], won: !!game.is_won };
}
