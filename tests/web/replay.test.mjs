// replay.js: the speed a replay starts at (issue 31, item 13: a game in about half a minute).
import test from "node:test";
import assert from "node:assert/strict";
import { fittingSpeed, SPEEDS, WATCH_MS } from "../../src/spider_solitaire/web/js/replay.js";

test("132 steps, 800 ms apart at 1x (105.6 s): 4x plays them in 26.4 s", () => {
  assert.equal(fittingSpeed(132, 800), 4);
  assert.equal((132 * 800) / fittingSpeed(132, 800), 26400);
});

test("a short game stays at 1x: 30 steps with animations off take 10.5 s", () => {
  assert.equal(fittingSpeed(30, 350), 1);
});

test("96 steps: 2x with animations (38.4 s), 1x without (33.6 s)", () => {
  assert.equal(fittingSpeed(96, 800), 2);
  assert.equal(fittingSpeed(96, 350), 1);
});

test("a very long game goes no faster than the fastest choice", () => {
  assert.equal(fittingSpeed(1000, 800), 8);
  assert.equal(SPEEDS.at(-1), 8);
  assert.equal(WATCH_MS, 30000);
});

test("the speed chosen plays any game from 40 to 300 steps in 15 to 60 s at 800 ms", () => {
  for (let steps = 40; steps <= 300; steps++) {
    const seconds = (steps * 800) / fittingSpeed(steps, 800) / 1000;
    assert.ok(seconds >= 15 && seconds <= 60, `${steps} steps: ${seconds} s`);
  }
});
