// session.js: an action the last state already refuses (a double-click on a group listed
// with no auto target, D while can_deal is false) is not sent; the page shows the refusal
// the server would give, with its reason code (issue 29 item 6). Anything else is sent.
import test from "node:test";
import assert from "node:assert/strict";
import { ApiError } from "../../src/spider_solitaire/web/js/api.js";
import { createSession } from "../../src/spider_solitaire/web/js/session.js";

/** A session over a game in `state`, recording what was sent and what was shown. */
function session(state) {
  const sent = [];
  const shown = [];
  const refused = [];
  const api = {
    act: async (id, body) => {
      sent.push({ id, body });
      return { state: { ...state, version: state.version + 1 }, events: [], announcement: "" };
    },
  };
  const store = { game: state, release: () => {}, setGame: (game) => (store.game = game) };
  const requests = { run: (job) => job() };
  const messages = { announce: () => {}, notice: () => {}, clearNotice: () => {}, showError: (e) => shown.push(e) };
  const host = { beforeAction: () => {}, refused: (e) => refused.push(e), started: () => {} };
  return { sent, shown, refused, actions: createSession(api, store, requests, messages, host) };
}

const GAME = {
  id: "g1",
  version: 4,
  can_deal: true,
  deal_reason: null,
  groups: [
    { column: 3, count: 1, targets: [], auto: null },
    { column: 5, count: 1, targets: [7], auto: 7 },
    { column: 5, count: 2, targets: [], auto: null },
  ],
};

test("a double-click on a group with no auto target is refused without a request", async () => {
  const { sent, shown, refused, actions } = session(GAME);
  assert.equal(await actions.auto(3, 1), false);
  assert.equal(await actions.auto(5, 2), false);
  assert.deepEqual(sent, []);
  assert.equal(shown.length, 2);
  assert.ok(shown[0] instanceof ApiError);
  assert.equal(shown[0].status, 422);
  assert.equal(shown[0].reason, "no_target");
  assert.deepEqual(refused, shown);
});

test("a group with a target, or one the state did not list, is sent", async () => {
  const { sent, shown, actions } = session(GAME);
  assert.equal(await actions.auto(5, 1), true);
  assert.deepEqual(sent[0].body, { version: 4, action: "auto", column: 5, count: 1 });
  assert.equal(await actions.auto(8, 1), true); // not listed: the server says why
  assert.equal(sent.length, 2);
  assert.deepEqual(shown, []);
});

test("D while the state says no deal shows the state's deal_reason, without a request", async () => {
  const blocked = { ...GAME, can_deal: false, deal_reason: "deal_needs_full_columns" };
  const { sent, shown, actions } = session(blocked);
  assert.equal(await actions.deal(), false);
  assert.deepEqual(sent, []);
  assert.equal(shown[0].reason, "deal_needs_full_columns");
  assert.equal(shown[0].status, 422);
});

test("D while a deal is allowed is sent", async () => {
  const { sent, shown, actions } = session(GAME);
  assert.equal(await actions.deal(), true);
  assert.deepEqual(sent[0].body, { version: 4, action: "d" });
  assert.deepEqual(shown, []);
});
