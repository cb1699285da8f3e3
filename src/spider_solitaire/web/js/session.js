// The game in play and the server: the player's actions sent one at a time (requests.js),
// the answers put into the store, new games started and history's games opened through
// the server's confirmations, and the game shown when the page opens. The server decides
// everything: what an action does, whether a game may be left, what counts.
import { ApiError, needsConfirm } from "./api.js";
import { t } from "./i18n.js";

/**
 * "no_target" when the server listed the last `count` cards of `column` as a group with
 * no auto-move target (`groups[].auto` null): a double-click on it has nowhere to go. A
 * group it did not list is sent, for the server to say why it cannot move.
 */
function noTarget(game, column, count) {
  const group = game.groups?.find((entry) => entry.column === column && entry.count === count);
  return group && group.auto == null ? "no_target" : null;
}

/** What startGame and openGame resolve to when the player said no. */
export const DECLINED = Object.freeze({ declined: true });

/**
 * @param api the API client of api.js
 * @param store the store of state.js
 * @param requests the queue of requests.js
 * @param messages announce, notice, clearNotice, showError (messages.js)
 * @param host.askConfirm (errorBody) => Promise<boolean>: the confirm window
 * @param host.beforeAction () => void: the player acts (a running check or solution stops)
 * @param host.acted (body, state) => void: the server played the player's action `body`,
 *   giving `state` (what the help's panel said was about the position before it)
 * @param host.started () => void: another game is shown (new, or opened from the history)
 * @param host.refused (error) => void: an action failed (the server refused it, or did not answer)
 * @returns {act, move, auto, deal, takeOff, undo, redo, refetch, started, startGame, openGame, watch, boot}
 */
export function createSession(api, store, requests, messages, host) {
  const { run } = requests;
  const { announce, notice, clearNotice, showError } = messages;

  /**
   * Send one action for the current game; true when the server played it. `known`
   * (game) => reason or null reads the last state the server sent (in the queue's turn,
   * after the answers before it): a reason there means the server already said no, so
   * nothing is sent and its refusal is shown as the server would (no rule decided here).
   */
  function act(body, known = () => null) {
    host.beforeAction();
    return run(async () => {
      const game = store.game;
      if (!game) return false;
      const reason = known(game);
      if (reason) {
        store.release();
        const rules = t(`refusal_rules.${reason}`);
        const error = new ApiError(422, {
          reason,
          message: t(`refusal.${reason}`),
          rules: rules.startsWith("/") ? rules : undefined,
        });
        host.refused?.(error);
        showError(error);
        return false;
      }
      try {
        const reply = await api.act(game.id, { version: game.version, ...body });
        clearNotice();
        host.acted?.(body, reply.state);
        store.setGame(reply.state, reply.events);
        const text = reply.announcement;
        if (text) announce(text);
        if (reply.events.some((e) => e.kind === "remove_run")) notice(text, "good", 3000);
        return true;
      } catch (error) {
        store.release();
        if (error instanceof ApiError && error.status === 409 && error.body?.state) {
          store.setGame(error.body.state);
          const text = error.body.message || t("announce.stale");
          notice(text, "refused", 6000);
          announce(text);
        } else {
          host.refused?.(error);
          showError(error);
        }
        return false;
      }
    });
  }

  /** Show the current game's state again (its labels are in the language asked for). */
  function refetch() {
    return run(async () => {
      try {
        store.setGame(await api.game(store.game.id));
      } catch (error) {
        showError(error);
      }
    });
  }

  /** Show a new game (dealt, or found by a search for a winnable deal), or one `opened` from the history. */
  function started(game, opened = false) {
    host.started();
    clearNotice();
    store.setGame(game);
    announce(opened ? game.labels.resumed : game.labels.new_game);
    // a deal of a level given again (every one of it played): the server says which (issue 30)
    if (!opened && game.labels.stars_note) notice(game.labels.stars_note, "info", 8000);
  }

  /**
   * Send `request(confirm)` (a promise of a GameState) and show its game; when the server
   * asks first, ask the player and send again with the server's `confirm` list. Resolves
   * to null (shown), DECLINED, or the error.
   */
  async function withConfirm(request, opened = false) {
    const attempt = (confirm) =>
      run(async () => {
        try {
          started(await request(confirm), opened);
          return null;
        } catch (error) {
          return error;
        }
      });
    const error = await attempt(undefined);
    if (!needsConfirm(error)) return error;
    if (!(await host.askConfirm(error.body))) return DECLINED;
    return attempt(error.body.confirm || []);
  }

  /** Start a game from `body` ({code}, {daily, suits} or {suits, rule}), through the confirmations. */
  function startGame(body) {
    return withConfirm((confirm) => api.create(confirm ? { ...body, confirm } : body));
  }

  /** Make game `id` (from the history) the current one, through the confirmations. */
  function openGame(id) {
    return withConfirm((confirm) => api.open(id, confirm || []), true);
  }

  /** Show the replay of the player's game `id` (the page in replay mode); with `review`, its review at once. */
  function watch(id, review = false) {
    location.assign(`/?replay=${encodeURIComponent(id)}${review ? "&review=1" : ""}`);
  }

  /**
   * The game the page opens with: the deal of a `?code=` link, else the game in progress,
   * else a new one of `variant` ({suits, rule}).
   */
  async function boot(variant) {
    const code = new URLSearchParams(location.search).get("code");
    if (code) {
      const error = await startGame({ code });
      history.replaceState(null, "", location.pathname);
      if (!error) return;
      if (error !== DECLINED) showError(error);
    }
    let current = null;
    try {
      current = await api.current();
    } catch (error) {
      showError(error);
    }
    if (current) {
      store.setGame(current);
      announce(current.labels.resumed);
    } else {
      const error = await startGame(variant);
      if (error) showError(error);
    }
  }

  return {
    act,
    move: (column, count, target) => act({ action: `${column}:${count}>${target}` }),
    auto: (column, count) => act({ action: "auto", column, count }, (game) => noTarget(game, column, count)),
    deal: () => act({ action: "d" }, (game) => (game.can_deal ? null : game.deal_reason)),
    takeOff: (column) => act({ action: `t${column}` }),
    undo: () => act({ action: "undo" }),
    redo: () => act({ action: "redo" }),
    refetch,
    started,
    startGame,
    openGame,
    watch,
    boot,
  };
}
