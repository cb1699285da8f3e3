// tour.js: the guided start's steps, from the server's listed groups and targets.
import test from "node:test";
import assert from "node:assert/strict";
import { tourSteps } from "../../src/spider_solitaire/web/js/tour.js";

const group = (column, count, targets, auto) => ({ column, count, targets, auto, pick_up: "" });

test("five steps: the goal, the stock, a card the server lists with a column, Undo, Hint", () => {
  const game = { groups: [group(1, 1, [], null), group(3, 1, [5, 7], 7), group(4, 2, [9], 9)] };
  const steps = tourSteps(game);
  assert.deepEqual(
    steps.map((s) => s.text),
    ["tour.goal", "tour.stock", "tour.move", "tour.undo", "tour.hint"],
  );
  // what the game is for first, with the removed runs' eight places marked
  assert.deepEqual(steps[0].mark, { controls: ["removed"] });
  assert.deepEqual(steps[1].mark, { controls: ["stock"] });
  // the first one-card group that can go somewhere, to its auto-move column
  assert.deepEqual(steps[2].mark, { column: 3, count: 1, target: 7 });
  // that step waits for the player's move (issue 31: the tour only told); the others do not
  assert.deepEqual(steps.map((s) => !!s.play), [false, false, true, false, false]);
  assert.deepEqual(steps[3].mark, { controls: ["undo"] });
  assert.deepEqual(steps[4].mark, { controls: ["hint"] });
});

test("a larger group when no single card can go anywhere; the first target without an auto one", () => {
  const steps = tourSteps({ groups: [group(2, 1, [], null), group(2, 2, [6, 8], null)] });
  assert.deepEqual(steps[2].mark, { column: 2, count: 2, target: 6 });
});

test("no card can move anywhere: four steps, none about a card", () => {
  const steps = tourSteps({ groups: [group(1, 1, [], null)] });
  assert.deepEqual(
    steps.map((s) => s.text),
    ["tour.goal", "tour.stock", "tour.undo", "tour.hint"],
  );
});
