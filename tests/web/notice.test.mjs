// notice.js ("Tell me when a move loses the deal"): after a move or a deal, with the
// setting on, the server's check is asked for and polled; a lost_it about the version
// shown puts the server's sentence in the dock and the live region and the answer's state
// (marked assisted) in the store; an answer about another version, a withheld (stale) one,
// fine and unknown show nothing; undo and the setting off ask nothing; a newer action
// stops the older check; a notice shown goes when the game moves to another version.
import test from "node:test";
import assert from "node:assert/strict";
import { createNotice, isChecked } from "../../src/spider_solitaire/web/js/notice.js";

const LOST = "That move lost a deal that could still be won.";

/** A notice over a fake server whose jobs end with `answers` (one per check, in order). */
function setup({ answers = [], enabled = true, runningPolls = 1 } = {}) {
  const asked = [];
  const stopped = [];
  const shown = [];
  const said = [];
  const states = [];
  let polls = 0;
  const jobs = new Map();
  const api = {
    notice: async (id, version) => {
      asked.push({ id, version });
      const job = { id: `j${asked.length}`, kind: "notice", game_id: id, version, status: "running", notice: null };
      jobs.set(job.id, answers[asked.length - 1]);
      return job;
    },
    helpJob: async (jobId) => {
      polls += 1;
      const notice = jobs.get(jobId);
      if (polls <= runningPolls) return { id: jobId, status: "running", notice: null, game_id: "g1" };
      return { id: jobId, status: "done", game_id: "g1", notice };
    },
    stopHelpJob: async (jobId) => stopped.push(jobId),
  };
  const listeners = [];
  const store = {
    game: { id: "g1", version: 5, is_won: false },
    setGame: (game) => states.push(game),
    subscribe: (fn) => listeners.push(fn),
  };
  const bar = { show: (text) => shown.push(text), hide: () => shown.push(null) };
  const notice = createNotice(api, store, {
    enabled: () => enabled,
    bar,
    announce: (text) => said.push(text),
    sleep: () => new Promise((done) => setImmediate(done)),
  });
  return { notice, store, asked, stopped, shown, said, states, listeners };
}

const after = (version) => ({ id: "g1", version, is_won: false });

test("a lost_it about the version shown is shown, said, and its state kept", async () => {
  const marked = { id: "g1", version: 5, assisted: true };
  const answer = { version: 5, stale: false, answer: "lost_it", message: LOST, state: marked };
  const { notice, asked, shown, said, states } = setup({ answers: [answer] });
  await notice.acted({ action: "3:1>7" }, after(5));
  assert.deepEqual(asked, [{ id: "g1", version: 5 }]);
  assert.deepEqual(shown, [null, LOST]);
  assert.deepEqual(said, [LOST]);
  assert.deepEqual(states, [marked]);
});

test("fine, unknown, a stale answer and one about another version show nothing", async () => {
  for (const answer of [
    { version: 5, stale: false, answer: "fine", message: null, state: null },
    { version: 5, stale: false, answer: "unknown", message: null, state: null },
    { version: 5, stale: true, answer: null, message: null, state: null },
    { version: 4, stale: false, answer: "lost_it", message: LOST, state: null },
  ]) {
    const { notice, asked, shown, said } = setup({ answers: [answer] });
    await notice.acted({ action: "d" }, after(5));
    assert.equal(asked.length, 1);
    assert.deepEqual([shown, said], [[null], []], JSON.stringify(answer));
  }
});

test("undo, redo and restart are not checked, nor anything with the setting off", async () => {
  for (const action of ["undo", "redo", "restart"]) {
    const { notice, asked } = setup();
    await notice.acted({ action }, after(5));
    assert.deepEqual(asked, []);
  }
  const off = setup({ enabled: false });
  await off.notice.acted({ action: "d" }, after(5));
  assert.deepEqual(off.asked, []);
  assert.equal(isChecked({ action: "auto", column: 3, count: 1 }), true);
  assert.equal(isChecked({ action: "t3" }), true);
});

test("a newer action stops the older check, on the server too", async () => {
  const answer = { version: 5, stale: false, answer: "lost_it", message: LOST, state: null };
  const { notice, stopped, shown } = setup({ answers: [answer, answer], runningPolls: 100 });
  const first = notice.acted({ action: "d" }, after(5));
  await new Promise((done) => setImmediate(done)); // the first check is under way
  notice.forget();
  await first;
  assert.deepEqual(stopped, ["j1"]);
  assert.deepEqual(shown, [null, null]); // taken down twice, never shown
});

test("a notice shown goes once the game shown is at another version", async () => {
  const answer = { version: 5, stale: false, answer: "lost_it", message: LOST, state: null };
  const { notice, store, shown, listeners } = setup({ answers: [answer] });
  await notice.acted({ action: "d" }, after(5));
  assert.deepEqual(shown, [null, LOST]);
  for (const fn of listeners) fn("game");
  assert.deepEqual(shown, [null, LOST]); // the same version: it stays
  store.game = { id: "g1", version: 7 };
  for (const fn of listeners) fn("game");
  assert.deepEqual(shown, [null, LOST, null]);
});
