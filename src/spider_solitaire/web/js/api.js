// The HTTP contract of docs/api.md: fetch with JSON and Accept-Language.

export class ApiError extends Error {
  constructor(status, body) {
    super(body?.message || body?.reason || `HTTP ${status}`);
    this.status = status;
    this.body = body || {};
    this.reason = this.body.reason || null;
  }
}

export class NetworkError extends Error {}

/** The server asks the player first (409 confirm_needed: leaving a game, practice). */
export const needsConfirm = (error) => error instanceof ApiError && error.status === 409 && error.reason === "confirm_needed";

function replayPath(source) {
  return source.share != null
    ? `/api/replays/${encodeURIComponent(source.share)}`
    : `/api/games/${encodeURIComponent(source.game)}/replay`;
}

/**
 * @param language () => string: the language asked for (Accept-Language)
 * @param base the server's address before the paths ("" for the page's own)
 * @param answered () => void: told after every answer under 500 that came: the server
 *   is reachable again (messages.js takes down its "did not answer" notice)
 */
export function createApi({ language = () => "en", base = "", answered = () => {} } = {}) {
  async function request(method, path, body, signal) {
    const headers = { Accept: "application/json", "Accept-Language": language() };
    const init = { method, headers, credentials: "same-origin", cache: "no-store", signal };
    if (body !== undefined) {
      headers["Content-Type"] = "application/json";
      init.body = JSON.stringify(body);
    }
    let response;
    try {
      response = await fetch(base + path, init);
    } catch (error) {
      if (error?.name === "AbortError") throw error; // the caller stopped waiting
      throw new NetworkError(String(error));
    }
    if (response.status < 500) answered();
    let data = null;
    if (response.status === 204) return null;
    try {
      data = await response.json();
    } catch {
      data = null;
    }
    if (!response.ok) throw new ApiError(response.status, data);
    return data;
  }

  return {
    /** The player's most recent game, or null when there is none (204; 404 no_game of an older server). */
    async current() {
      try {
        return await request("GET", "/api/games/current?optional=true");
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
    game: (id) => request("GET", `/api/games/${encodeURIComponent(id)}`),
    /** The games of the family offered -> [{name, title, columns, runs, winnable, rules}], spider first. */
    variants: () => request("GET", "/api/games/variants"),
    /**
     * `{code}` or `{variant, suits, rule}` (with `confirm: ["abandon", "practice"]` once the player
     * agreed) -> GameState; 409 `confirm_needed` {message, confirm} asks first.
     */
    create: (body) => request("POST", "/api/games", body),
    /** Make game `id` the current one -> GameState (409 `confirm_needed` like create). */
    open: (id, confirm = []) => request("POST", `/api/games/${encodeURIComponent(id)}/open`, { confirm }),
    /** `{version, action, ...}` -> {state, events, announcement}. */
    act: (id, body) => request("POST", `/api/games/${encodeURIComponent(id)}/actions`, body),
    /** -> {state, hint}; `index`: which ranked hint (0 the best, the server wraps round); `thinkLonger`: ten times the search. */
    hint: (id, version, index = 0, thinkLonger = false) =>
      request("POST", `/api/games/${encodeURIComponent(id)}/hint`, { version, index, think_longer: thinkLonger }),
    /**
     * "Can I still win?" -> a help job (202) to poll with helpJob() until its `status` is
     * not "running"; once "done", its `can_win` is {state, answer, seconds, last_winnable,
     * message, action_label, longer}.
     */
    canWin: (id, version, limit = "normal") =>
      request("POST", `/api/games/${encodeURIComponent(id)}/can-win`, { version, limit }),
    /**
     * -> {state, events, action, remaining, announcement, message}: the next move of the
     * solution, played; or, while no solution is known yet, a help job (202, `kind`
     * "solution") to poll with helpJob(), then ask again.
     */
    solutionNext: (id, version, signal) =>
      request("POST", `/api/games/${encodeURIComponent(id)}/solution/next`, { version }, signal),
    /**
     * Did the game's last action lose a deal that could still be won? -> a help job (202,
     * `kind` "notice") to poll with helpJob(); once "done", its `notice` is {version, stale,
     * answer: "lost_it"|"fine"|"unknown", message, state}.
     */
    notice: (id, version) => request("POST", `/api/games/${encodeURIComponent(id)}/notice`, { version }),
    /** A help job (can-win, the solution's solve, the notice): {id, kind, status, probes, message, can_win, notice, reason}. */
    helpJob: (id) => request("GET", `/api/help-jobs/${encodeURIComponent(id)}`),
    stopHelpJob: (id) => request("POST", `/api/help-jobs/${encodeURIComponent(id)}/stop`),
    /** Undo `steps` actions at once -> {state, events, announcement}. */
    rewind: (id, version, steps) =>
      request("POST", `/api/games/${encodeURIComponent(id)}/rewind`, { version, steps }),
    /** `{variant, suits, rule}` -> a search for a winnable deal, to poll with search(). */
    startSearch: (body) => request("POST", "/api/winnable-deals", body),
    search: (id) => request("GET", `/api/winnable-deals/${encodeURIComponent(id)}`),
    stopSearch: (id) => request("POST", `/api/winnable-deals/${encodeURIComponent(id)}/stop`),
    /** The player's record (docs/api.md, Statistics). */
    stats: () => request("GET", "/api/stats"),
    /** `{suits, rule}` (null: every one) -> the statistics after the reset. */
    resetStats: (body) => request("POST", "/api/stats/reset", body),
    /** The daily deal: `query` is "date=YYYY-MM-DD[&month=YYYY-MM][&tz=..][&offset=..]" -> DailyView. */
    daily: (query) => request("GET", `/api/daily?${query}`),
    /** -> {games, page, pages, total}, newest first. */
    history: (page) => request("GET", `/api/history?page=${encodeURIComponent(page)}`),
    /**
     * A replay's whole log and one step of it: `source` is {game} (the owner's game id) or
     * {share} (a shared link's id).
     */
    replay: (source) => request("GET", replayPath(source)),
    replayStep: (source, step) => request("GET", `${replayPath(source)}/${encodeURIComponent(step)}`),
    /** -> {share_id, url}. */
    share: (id) => request("POST", `/api/games/${encodeURIComponent(id)}/share`),
    unshare: (id) => request("DELETE", `/api/games/${encodeURIComponent(id)}/share`),
    /** Where the game's record (text) downloads from. */
    exportUrl: (id) => `${base}/api/games/${encodeURIComponent(id)}/export`,
    /** -> {code, expires_at}: a one-time code that moves this record to another browser. */
    transfer: () => request("POST", "/api/transfer"),
    /** Take the record of `code` into this browser. */
    claim: (code) => request("POST", "/api/transfer/claim", { code }),
  };
}
