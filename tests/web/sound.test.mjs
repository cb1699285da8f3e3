// sound.js: the sound each server answer asks for (from its events, or a refusal's
// status), and the player's setting (off, volume 0) keeping it silent. The output is a
// recording play function here; the browser test (tests/browser/test_sound.py) checks
// the page asks for the same sounds.
import test from "node:test";
import assert from "node:assert/strict";
import { SOUNDS, createSound, soundForError, soundForEvents } from "../../src/spider_solitaire/web/js/sound.js";

const move = { kind: "move", source: 3, target: 7, count: 1, cards: ["4S"], ids: [40] };
const turnUp = { kind: "turn_up", column: 3, card: "9H", id: 12 };
const deal = { kind: "deal", cards: ["AS", "2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "TS"], ids: [60, 61, 62, 63, 64, 65, 66, 67, 68, 69] };
const run = { kind: "remove_run", column: 7, suit: "S", cards: [], ids: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13] };
const won = { kind: "won" };

test("each answer's events ask for the strongest sound", () => {
  assert.equal(soundForEvents([move]), "move");
  assert.equal(soundForEvents([move, turnUp]), "move");
  assert.equal(soundForEvents([deal]), "deal");
  assert.equal(soundForEvents([deal, run]), "run"); // a deal that completes a run
  assert.equal(soundForEvents([move, run, turnUp]), "run");
  assert.equal(soundForEvents([move, run, won]), "win");
  // undo answers the inverse events: an undone deal gathers cards, another undo moves them
  assert.equal(soundForEvents([{ kind: "undeal", ids: deal.ids }]), "deal");
  assert.equal(soundForEvents([{ kind: "turn_down", column: 3, id: 12 }, { ...move, source: 7, target: 3 }]), "move");
  assert.equal(soundForEvents([{ kind: "unwon" }, { kind: "restore_run", column: 7, suit: "S", cards: [], ids: [] }]), "move");
  assert.equal(soundForEvents([{ kind: "restart" }]), "deal");
  assert.equal(soundForEvents([]), null);
  assert.equal(soundForEvents(null), null);
  assert.deepEqual(SOUNDS, ["move", "deal", "refused", "run", "win"]);
});

test("a refusal (4xx) is the refused sound; a server that did not answer is silent", () => {
  assert.equal(soundForError({ status: 422, body: { reason: "not_one_higher" } }), "refused");
  assert.equal(soundForError({ status: 409, body: { reason: "stale_version" } }), "refused");
  assert.equal(soundForError({ status: 503 }), null);
  assert.equal(soundForError(new TypeError("Failed to fetch")), null);
});

/** A store that hands out its subscriber, and a recording output. */
function setUp(values) {
  let listener = null;
  const store = { subscribe: (fn) => (listener = fn) };
  const played = [];
  const sound = createSound(store, { values }, { play: (name, volume) => played.push([name, volume]) });
  return { sound, played, notify: (kind, detail) => listener(kind, detail) };
}

test("the game's answers ask for their sounds at the player's volume", () => {
  const { sound, played, notify } = setUp({ sound: true, volume: 25 });
  notify("game", { events: [move, turnUp], fresh: false });
  notify("game", { events: [deal], fresh: false });
  notify("game", { events: [move, run, won], fresh: false });
  notify("game", { events: [], fresh: false }); // nothing changed: silent
  notify("game", { events: null, fresh: false }); // a re-sync: silent
  notify("game", { events: [], fresh: true }); // another game shown: silent
  notify("held", {});
  sound.refused({ status: 422 });
  sound.refused(new TypeError("Failed to fetch"));
  assert.deepEqual(played, [
    ["move", 0.25],
    ["deal", 0.25],
    ["win", 0.25],
    ["refused", 0.25],
  ]);
});

test("sounds off or at volume 0 ask for nothing; the setting is read at each answer", () => {
  const values = { sound: false, volume: 60 };
  const { played, notify } = setUp(values);
  notify("game", { events: [move], fresh: false });
  values.sound = true;
  values.volume = 0;
  notify("game", { events: [deal], fresh: false });
  values.volume = 60;
  notify("game", { events: [run], fresh: false });
  assert.deepEqual(played, [["run", 0.6]]);
});
