// The daily deal in the browser: today's three deals in the New game window, the calendar
// of the month (days won on their own date marked, won late marked differently, the daily
// streak), and the header's "Daily · 2 Dec" label of a daily game. It knows no rule: every
// deal, result and sentence is the server's (GET /api/daily, docs/api.md); it only sends
// the player's local date and time zone, and looks up fixed labels.
import { errorText } from "./messages.js";
import { t } from "./i18n.js";

const $ = (id) => document.getElementById(id);

/** The player's local date as YYYY-MM-DD ("today" of the daily deal, as with Wordle). */
export function localDate(now = new Date()) {
  const two = (n) => String(n).padStart(2, "0");
  return `${now.getFullYear()}-${two(now.getMonth() + 1)}-${two(now.getDate())}`;
}

/** The player's time zone: the IANA name when the browser knows it, and the UTC offset in minutes. */
function timeZone() {
  let tz = "";
  try {
    tz = Intl.DateTimeFormat().resolvedOptions().timeZone || "";
  } catch {
    tz = "";
  }
  return { tz, offset: -new Date().getTimezoneOffset() };
}

/**
 * The mark of a calendar day: "won" (a deal won on its date), "assisted" (won on its date
 * with help only), "late" (only won late), or "" (a deal the solver played is no win).
 */
function mark(day) {
  const results = [day.featured, day.others];
  if (results.includes("won")) return "won";
  if (results.includes("won_assisted")) return "assisted";
  if (results.includes("won_late")) return "late";
  return "";
}

/** The day `days` after the ISO date `iso` (negative: before), as YYYY-MM-DD. */
function shift(iso, days) {
  const [y, m, d] = iso.split("-").map(Number);
  return localDate(new Date(y, m - 1, d + days));
}

/**
 * @param api the API client of api.js
 * @param store the game store of state.js (for the header's label)
 * @param host.openDialog (dialog) => void
 * @param host.startGame (body) => Promise<null | DECLINED | error>: start a game through the confirmations
 * @param host.declined the value startGame resolves to when the player said no
 * @param host.showError (error) => void
 * @returns {openCalendar, refreshNewGame}
 */
export function createDaily(api, store, host) {
  let today = localDate();
  let month = null; // the calendar's month, YYYY-MM
  let chosen = null; // the calendar's chosen date (its deals are listed)
  let focusDate = null; // the day that holds the grid's focus (roving tabindex)


  const fetchDaily = (date, calendarMonth) => {
    const { tz, offset } = timeZone();
    const params = new URLSearchParams({ date, offset: String(offset) });
    if (tz) params.set("tz", tz);
    if (calendarMonth) params.set("month", calendarMonth);
    return api.daily(params.toString());
  };

  // --- the header's label ------------------------------------------------------------

  const label = document.createElement("span");
  label.id = "daily-label";
  label.className = "daily-label";
  label.hidden = true;
  $("variant").after(label);
  // the menu names the game too (on a small phone the header has no room for the label)
  const menuLabel = document.createElement("span");
  menuLabel.id = "menu-daily";
  menuLabel.className = "menu-daily";
  menuLabel.hidden = true;
  $("menu-variant").before(menuLabel);
  store.subscribe(() => {
    const text = store.game?.labels?.daily || "";
    for (const el of [label, menuLabel]) {
      el.textContent = text;
      el.hidden = !text;
    }
  });

  // --- a date's deals, as buttons -----------------------------------------------------

  /** A list of `view`'s three deals, each a button that plays it (featured first). */
  function dealList(view, onPlayed) {
    const list = document.createElement("ul");
    list.className = "daily-deals";
    for (const deal of view.deals) {
      const li = document.createElement("li");
      const button = document.createElement("button");
      button.type = "button";
      button.className = deal.featured ? "primary daily-play" : "secondary daily-play";
      button.dataset.suits = String(deal.suits);
      button.dataset.date = view.date;
      button.dataset.status = deal.status;
      const name = document.createElement("span");
      name.className = "daily-deal-name";
      name.textContent = deal.featured ? `${t("daily.featured")} · ${deal.label}` : deal.label;
      const status = document.createElement("span");
      status.className = `daily-status status-${deal.status}`;
      status.textContent = deal.status_label;
      button.append(name, status);
      button.addEventListener("click", () => play(view.date, deal.suits, onPlayed));
      li.append(button);
      list.append(li);
    }
    return list;
  }

  async function play(date, suits, onPlayed) {
    const error = await host.startGame({ daily: date, suits });
    if (error === host.declined) return;
    if (error) {
      host.showError(error);
      return;
    }
    onPlayed();
  }

  // --- the New game window --------------------------------------------------------------

  const section = document.createElement("section");
  section.id = "new-daily";
  section.className = "new-daily";
  section.setAttribute("aria-labelledby", "new-daily-title");
  const heading = document.createElement("h3");
  heading.id = "new-daily-title";
  heading.dataset.i18n = "daily.new_game";
  heading.textContent = t("daily.new_game");
  const dealsBox = document.createElement("div");
  dealsBox.id = "new-daily-deals";
  const calendarButton = document.createElement("button");
  calendarButton.type = "button";
  calendarButton.id = "new-daily-calendar";
  calendarButton.className = "secondary";
  calendarButton.dataset.i18n = "daily.calendar";
  calendarButton.textContent = t("daily.calendar");
  section.append(heading, dealsBox, calendarButton);
  $("new-form").querySelector("h2").after(section);
  calendarButton.addEventListener("click", () => {
    $("new-dialog").close("cancel");
    openCalendar();
  });

  async function refreshNewGame() {
    today = localDate();
    dealsBox.replaceChildren();
    try {
      const view = await fetchDaily(today);
      dealsBox.replaceChildren(dealList(view, () => $("new-dialog").close("start")));
    } catch {
      section.hidden = true; // no deal for today (or offline): the rest of the window works
      return;
    }
    section.hidden = false;
  }
  $("new-game").addEventListener("click", refreshNewGame);

  // --- the calendar -----------------------------------------------------------------------

  const dialog = $("daily-dialog");
  const grid = $("daily-grid");

  function drawGrid(view) {
    $("daily-month").textContent = view.month_label;
    $("daily-prev").disabled = !view.previous;
    $("daily-next").disabled = !view.next;
    $("daily-prev").dataset.month = view.previous || "";
    $("daily-next").dataset.month = view.next || "";
    const head = document.createElement("tr");
    head.setAttribute("role", "row");
    for (const name of view.weekdays) {
      const th = document.createElement("th");
      th.scope = "col";
      th.setAttribute("role", "columnheader");
      th.textContent = name;
      head.append(th);
    }
    const rows = [head];
    let row = null;
    const cells = [...Array(view.lead).fill(null), ...view.days];
    while (cells.length % 7) cells.push(null);
    if (!view.days.some((day) => day.date === focusDate)) {
      const fallback = view.days.find((day) => day.today) || view.days.find((day) => day.date === chosen) || view.days[0];
      focusDate = fallback.date;
    }
    cells.forEach((day, index) => {
      if (index % 7 === 0) {
        row = document.createElement("tr");
        row.setAttribute("role", "row");
        rows.push(row);
      }
      const td = document.createElement("td");
      td.setAttribute("role", "gridcell");
      if (day) {
        const button = document.createElement("button");
        button.type = "button";
        button.className = "daily-day";
        button.dataset.date = day.date;
        button.textContent = String(day.day);
        button.setAttribute("aria-label", day.label);
        button.tabIndex = day.date === focusDate ? 0 : -1;
        // a day after today (or without deals) keeps its place in the keys' path: not disabled
        if (!day.playable) button.setAttribute("aria-disabled", "true");
        const kind = mark(day);
        if (kind) button.classList.add(`mark-${kind}`);
        if (day.today) button.setAttribute("aria-current", "date");
        if (day.date === chosen) button.setAttribute("aria-pressed", "true");
        td.append(button);
      }
      row.append(td);
    });
    grid.replaceChildren(...rows);
  }

  function drawChosen(view) {
    $("daily-chosen-label").textContent = view.label;
    $("daily-chosen").replaceChildren(dealList(view, () => dialog.close()));
  }

  async function load(newMonth, focus = false) {
    $("daily-error").textContent = "";
    try {
      const view = await fetchDaily(today, newMonth);
      month = view.month;
      $("daily-streak").textContent = view.streak_text;
      drawGrid(view);
      if (focus) grid.querySelector(`[data-date="${focusDate}"]`)?.focus();
      if (view.days.some((day) => day.date === chosen)) {
        if (chosen === today) drawChosen(view);
      } else {
        // the chosen day follows the month shown (issue 19): the day in focus when it can
        // be played, else the month's last day that can
        const playable = view.days.filter((day) => day.playable);
        const day = playable.find((d) => d.date === focusDate) || playable[playable.length - 1];
        if (day) await choose(day.date, false);
      }
    } catch (error) {
      $("daily-error").textContent = errorText(error);
    }
  }

  /** Choose `date` and list its deals (`focus`: the grid's focus goes to it too). */
  async function choose(date, focus = true) {
    chosen = date;
    if (focus) focusDate = date;
    for (const button of grid.querySelectorAll("[aria-pressed]")) button.removeAttribute("aria-pressed");
    grid.querySelector(`[data-date="${date}"]`)?.setAttribute("aria-pressed", "true");
    try {
      drawChosen(await fetchDaily(date, month));
    } catch (error) {
      $("daily-error").textContent = errorText(error);
    }
  }

  async function openCalendar() {
    today = localDate();
    chosen = today;
    focusDate = today;
    await load(today.slice(0, 7));
    host.openDialog(dialog);
    grid.querySelector(`[data-date="${focusDate}"]`)?.focus();
  }

  grid.addEventListener("click", (event) => {
    const button = event.target.closest(".daily-day");
    if (button && button.getAttribute("aria-disabled") !== "true") choose(button.dataset.date);
  });

  // the grid's keys: arrows by a day and a week, Home/End the week's ends, PageUp/PageDown a month
  grid.addEventListener("keydown", (event) => {
    const button = event.target.closest(".daily-day");
    if (!button) return;
    const date = button.dataset.date;
    const weekday = (new Date(`${date}T12:00:00`).getDay() + 6) % 7; // Monday 0
    const steps = {
      ArrowLeft: -1,
      ArrowRight: 1,
      ArrowUp: -7,
      ArrowDown: 7,
      Home: -weekday,
      End: 6 - weekday,
    };
    let target = null;
    if (event.key in steps) target = shift(date, steps[event.key]);
    else if (event.key === "PageUp" || event.key === "PageDown") {
      const [y, m, d] = date.split("-").map(Number);
      const delta = event.key === "PageUp" ? -1 : 1;
      const last = new Date(y, m - 1 + delta + 1, 0).getDate();
      target = localDate(new Date(y, m - 1 + delta, Math.min(d, last)));
    } else return;
    event.preventDefault();
    focusDate = target;
    const there = grid.querySelector(`[data-date="${target}"]`);
    if (there) {
      for (const other of grid.querySelectorAll(".daily-day")) other.tabIndex = -1;
      there.tabIndex = 0;
      there.focus();
    } else {
      load(target.slice(0, 7), true);
    }
  });

  for (const id of ["daily-prev", "daily-next"]) {
    $(id).addEventListener("click", () => {
      const target = $(id).dataset.month;
      if (target) load(target);
    });
  }

  return { openCalendar, refreshNewGame };
}
