// review.js: what the strip shows at each replay step, and where a click lands (issue 30).
import test from "node:test";
import assert from "node:assert/strict";
import { stripSteps, stepAt } from "../../src/spider_solitaire/web/js/review.js";

const REVIEW = {
  // a line of 4 positions; the log had an undo and a redo (steps 3 and 4 off the line)
  statuses: ["winnable", "winnable", "lost", "lost"],
  steps: [0, 1, 5, 6],
  move_that_lost: { number: 2, step: 1 },
};

test("each step shows its line position's status, steps off the line are off", () => {
  const { shown, lostStep } = stripSteps(REVIEW, 6);
  assert.deepEqual(shown, ["winnable", "winnable", "off", "off", "off", "lost", "lost"]);
  assert.equal(lostStep, 5); // the step after the move that lost
});

test("no move that lost: no mark", () => {
  const review = { ...REVIEW, statuses: ["unknown", "unknown", "unknown", "unknown"], move_that_lost: null };
  assert.equal(stripSteps(review, 6).lostStep, null);
});

test("a click lands on the step under it, within 0..last", () => {
  assert.equal(stepAt(0, 700, 6), 0);
  assert.equal(stepAt(350, 700, 6), 3);
  assert.equal(stepAt(699, 700, 6), 6);
  assert.equal(stepAt(900, 700, 6), 6);
  assert.equal(stepAt(-5, 700, 6), 0);
});
