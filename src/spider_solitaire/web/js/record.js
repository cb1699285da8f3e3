// The player's record around the table: the Statistics window (figures per variant,
// pictures, the counting rules, reset), the Game history (paged; open a game to play or
// watch it) and the transfer of the record to another device. It knows no rule of
// counting: every figure and sentence is the server's (docs/api.md, Statistics, History,
// Transfer); it formats numbers, durations and dates with Intl and looks up fixed labels.
import { errorText } from "./messages.js";
import { t } from "./i18n.js";
import { formatDate, formatDuration, formatNumber, formatPercent } from "./format.js";
// charts.js comes the first time the Statistics window opens (a lighter first load, issue 19)
let charts = null;
const loadCharts = async () => (charts ??= await import("./charts.js"));

const $ = (id) => document.getElementById(id);

/** The figures of the table, in order: [key of the server's Figures, catalog label, format]. */
const FIGURES = [
  ["finished", "record.finished", formatNumber],
  ["won", "record.won_count", formatNumber],
  ["lost", "record.lost_count", formatNumber],
  ["win_rate", "record.win_rate", formatPercent],
  ["current_streak", "record.current_streak", formatNumber],
  ["best_streak", "record.best_streak", formatNumber],
  ["worst_losing_streak", "record.worst_losing_streak", formatNumber],
  ["best_score", "record.best_score", formatNumber],
  ["fewest_moves", "record.fewest_moves", formatNumber],
  ["fastest_win_ms", "record.fastest_win", formatDuration],
  ["average_moves", "record.average_moves", (value) => (value == null ? "–" : formatNumber(Math.round(value)))],
  ["average_win_ms", "record.average_win", formatDuration],
];

/**
 * The select's key of a statistics row: its game of the family, suits and rule as the row
 * gives them ("spiderette-2-classic"), so that Spiderette's 2-suit row is not Spider's.
 */
const variantKey = (row) => `${row.variant}-${row.suits}-${row.rule}`;
/** The select's key of the daily deal's own row (its figures are not in any variant's). */
const DAILY = "daily";

/**
 * @param api the API client of api.js
 * @param host.openDialog (dialog) => void
 * @param host.ask (message, yesLabel) => Promise<boolean>: the confirm window
 * @param host.openGame (id) => Promise<null | DECLINED | error>: make a game current
 * @param host.currentGame () => the GameState shown, or null
 * @param host.showError (error) => void
 * @param host.announce (text) => void
 * @param host.watch (id, review) => void: show the replay of a finished game (with its review when `review`)
 * @returns {openStats, openHistory, openTransfer}
 */
export function createRecord(api, host) {
  let stats = null;
  let chosen = null; // the variant key shown in the table

  // --- statistics -----------------------------------------------------------------------

  function drawFigures() {
    const body = $("stats-figures");
    body.replaceChildren();
    const variant =
      chosen === DAILY && stats.daily ? stats.daily : stats.variants.find((v) => variantKey(v) === chosen) || stats.variants[0];
    if (!variant) return;
    for (const [key, label, format] of FIGURES) {
      const tr = document.createElement("tr");
      const th = document.createElement("th");
      th.scope = "row";
      th.textContent = t(label);
      tr.append(th);
      for (const kind of ["unassisted", "assisted"]) {
        const td = document.createElement("td");
        td.dataset.figure = `${kind}.${key}`;
        td.textContent = format(variant[kind]?.[key] ?? null);
        tr.append(td);
      }
      body.append(tr);
    }
    drawStars(variant.by_stars || []);
  }

  // the variant's wins split by the deal's level (stars), finished sentences from the server
  function drawStars(levels) {
    $("stats-stars").hidden = levels.length === 0;
    $("stats-stars-list").replaceChildren(
      ...levels.map((level) => {
        const li = document.createElement("li");
        li.dataset.stars = String(level.stars);
        li.textContent = level.text;
        return li;
      }),
    );
  }

  function drawStats() {
    const select = $("stats-variant");
    const game = host.currentGame();
    const rows = stats.variants.map((variant) => [variantKey(variant), variant.label]);
    if (stats.daily) rows.push([DAILY, stats.daily.label]);
    const keys = rows.map(([key]) => key);
    if (!keys.includes(chosen)) {
      // the game's variant when it has finished games, else the first that has, else the game's
      const played = (v) => (v.unassisted?.finished || 0) + (v.assisted?.finished || 0) > 0;
      const own = game ? variantKey(game) : null;
      if (game?.labels?.daily && keys.includes(DAILY)) {
        chosen = DAILY; // a daily game: the daily deal's own row
      } else {
        const ownVariant = stats.variants.find((v) => variantKey(v) === own);
        const first = stats.variants.find(played);
        chosen = ownVariant && played(ownVariant) ? own : first ? variantKey(first) : keys.includes(own) ? own : keys[0] || null;
      }
    }
    select.replaceChildren(
      ...rows.map(([key, label]) => {
        const option = document.createElement("option");
        option.value = key;
        option.textContent = label;
        return option;
      }),
    );
    $("stats-reset").hidden = chosen === DAILY; // the daily row is cleared by a reset of all
    if (chosen) select.value = chosen;
    drawFigures();

    const playing = stats.in_progress;
    $("stats-playing").hidden = !playing;
    if (playing) {
      $("stats-playing-label").textContent = playing.label;
      $("stats-playing-moves").textContent = formatNumber(playing.moves);
      $("stats-playing-time").textContent = formatDuration(playing.playing_ms);
    }

    $("stats-strip").replaceChildren(...charts.resultStrip(stats.last_results));
    $("stats-rates").replaceChildren(charts.winRateBars(stats.variants));
    $("stats-scores").replaceChildren(...charts.scoreLine(stats.scores));
    $("stats-help").replaceChildren(
      ...stats.rules_help.map((sentence) => {
        const li = document.createElement("li");
        li.textContent = sentence;
        return li;
      }),
    );
  }

  async function openStats() {
    $("stats-error").textContent = "";
    try {
      stats = await api.stats();
      await loadCharts();
    } catch (error) {
      host.showError(error);
      return;
    }
    drawStats();
    host.openDialog($("stats-dialog"));
  }

  async function reset(all) {
    const variant = stats?.variants.find((v) => variantKey(v) === chosen);
    if (!all && !variant) return;
    const yes = await host.ask(t(all ? "record.reset_all_confirm" : "record.reset_variant_confirm"), t("record.reset"));
    if (!yes) return;
    try {
      // the row's own game of the family: without it a reset covers every game at its
      // suits and rule (Spiderette's "Reset this variant" cleared Spider's row too)
      const body = all ? { suits: null, rule: null } : { variant: variant.variant, suits: variant.suits, rule: variant.rule };
      stats = await api.resetStats(body);
      drawStats();
      host.announce(t("record.reset_done"));
    } catch (error) {
      $("stats-error").textContent = errorText(error);
    }
  }

  $("stats-variant").addEventListener("change", (event) => {
    chosen = event.target.value;
    $("stats-reset").hidden = chosen === DAILY;
    drawFigures();
  });
  $("stats-reset").addEventListener("click", () => reset(false));
  $("stats-reset-all").addEventListener("click", () => reset(true));

  // --- history --------------------------------------------------------------------------

  let page = 1;
  const WATCHABLE = new Set(["won", "lost", "lost_then_won", "practice_won"]);
  const PLAYABLE = new Set(["playing", "practice", "lost"]);

  function figure(label, value, key) {
    const div = document.createElement("div");
    const dt = document.createElement("dt");
    dt.textContent = t(label);
    const dd = document.createElement("dd");
    dd.textContent = value;
    if (key) dd.dataset.figure = key;
    div.append(dt, dd);
    return div;
  }

  function button(label, className, onClick) {
    const el = document.createElement("button");
    el.type = "button";
    el.className = className;
    el.textContent = t(label);
    el.addEventListener("click", onClick);
    return el;
  }

  function historyEntry(game) {
    const li = document.createElement("li");
    li.className = `history-entry status-${game.status}`;
    li.dataset.gameId = game.game_id;
    const head = document.createElement("p");
    head.className = "history-head";
    const when = document.createElement("time");
    // a decided game at the time its result was written, as the statistics' strip says
    // it (issue 19: the two showed different times); an undecided one at its start
    const at = game.decided_at || game.started_at;
    when.dateTime = at;
    when.textContent = formatDate(at);
    const variant = document.createElement("span");
    variant.textContent = game.label;
    head.append(when, variant);
    if (game.stars_label) {
      // the deal's level (1-3 stars within its suit count), from the shipped data
      const stars = document.createElement("span");
      stars.className = "history-stars";
      stars.dataset.stars = String(game.stars);
      stars.title = t("level_table");
      stars.textContent = game.stars_label;
      head.append(" · ", stars);
    }
    const status = document.createElement("p");
    status.className = "history-status";
    status.textContent = game.status_label;
    const figures = document.createElement("dl");
    figures.className = "inline-figures";
    figures.append(
      figure("stats.code", game.code || t("record.no_code"), "code"),
      figure("stats.score", formatNumber(game.score), "score"),
      figure("stats.moves", formatNumber(game.moves), "moves"),
      figure("stats.time", formatDuration(game.playing_ms), "time"),
    );
    if (game.assisted) {
      const badge = document.createElement("span");
      badge.className = "assisted-badge";
      badge.textContent = t("stats.assisted");
      status.append(" ", badge);
    }
    const buttons = document.createElement("div");
    buttons.className = "row-buttons";
    if (game.current) {
      const note = document.createElement("span");
      note.className = "summary-note";
      note.textContent = t("record.current_game");
      buttons.append(note);
    } else if (PLAYABLE.has(game.status)) {
      buttons.append(button("record.play", "primary", () => playFromHistory(game)));
    }
    if (WATCHABLE.has(game.status)) {
      buttons.append(button("record.watch", "secondary", () => host.watch(game.game_id)));
    }
    if (game.status === "won" || game.status === "practice_won" || (!game.current && WATCHABLE.has(game.status))) {
      buttons.append(button("review_button", "secondary", () => host.watch(game.game_id, true)));
    }
    li.append(head, status, figures, buttons);
    return li;
  }

  async function playFromHistory(game) {
    $("history-error").textContent = "";
    const error = await host.openGame(game.game_id);
    if (error === null) $("history-dialog").close();
    else if (!error.declined) $("history-error").textContent = errorText(error);
  }

  async function showHistoryPage(number) {
    $("history-error").textContent = "";
    let answer;
    try {
      answer = await api.history(number);
    } catch (error) {
      $("history-error").textContent = errorText(error);
      return false;
    }
    page = answer.page;
    const list = $("history-list");
    list.replaceChildren(...answer.games.map(historyEntry));
    $("history-empty").hidden = answer.games.length > 0;
    $("history-page").textContent = `${formatNumber(answer.page)} / ${formatNumber(Math.max(answer.pages, 1))}`;
    $("history-prev").disabled = answer.page <= 1;
    $("history-next").disabled = answer.page >= answer.pages;
    $("history-pager").hidden = answer.pages <= 1;
    return true;
  }

  async function openHistory() {
    if (await showHistoryPage(1)) host.openDialog($("history-dialog"));
    else host.openDialog($("history-dialog"));
  }

  $("history-prev").addEventListener("click", () => showHistoryPage(page - 1));
  $("history-next").addEventListener("click", () => showHistoryPage(page + 1));

  // --- moving the record to another device ----------------------------------------------

  async function makeCode() {
    $("transfer-error").textContent = "";
    try {
      const answer = await api.transfer();
      $("transfer-code").textContent = answer.code;
      $("transfer-expires").textContent = formatDate(answer.expires_at);
      $("transfer-issued").hidden = false;
      host.announce(answer.code);
    } catch (error) {
      $("transfer-error").textContent = errorText(error);
    }
  }

  async function claim(event) {
    event.preventDefault();
    const input = $("transfer-input");
    const code = input.value.trim();
    $("transfer-error").textContent = "";
    if (!code) {
      input.focus();
      return;
    }
    let answer;
    try {
      answer = await api.claim(code);
    } catch (error) {
      $("transfer-error").textContent = errorText(error);
      return;
    }
    const done = answer?.message || t("record.transfer_done");
    $("transfer-done").textContent = done;
    $("transfer-done").hidden = false;
    host.announce(done);
    // this browser is now the record's player: show that player's game
    setTimeout(() => location.assign("/"), 1200);
  }

  function openTransfer() {
    $("transfer-done").textContent = t("record.transfer_done");
    $("transfer-issued").hidden = true;
    $("transfer-done").hidden = true;
    $("transfer-error").textContent = "";
    $("transfer-input").value = "";
    host.openDialog($("transfer-dialog"));
  }

  $("transfer-make").addEventListener("click", makeCode);
  $("transfer-form").addEventListener("submit", claim);

  return { openStats, openHistory, openTransfer };
}
