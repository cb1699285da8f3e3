// Numbers, durations and dates for the record's dialogs, in the page's language through
// Intl: numbers alone ("12:34", "57 %", a date), never a sentence (the server sends those).
import { language } from "./i18n.js";

const number = (value, options = {}) => new Intl.NumberFormat(language(), options).format(value);

/** A count: "1,234" ("1.234" in Spanish); "–" for null. */
export function formatNumber(value) {
  return value == null ? "–" : number(value);
}

/** A share 0..1 as a percentage: "57%" ("57 %" in Spanish); "–" for null. */
export function formatPercent(value) {
  return value == null ? "–" : number(value, { style: "percent", maximumFractionDigits: 0 });
}

/** Milliseconds as a clock: "4:05", "1:02:03"; "–" for null. */
export function formatDuration(ms) {
  if (ms == null) return "–";
  const total = Math.floor(ms / 1000);
  const two = (n) => number(n, { minimumIntegerDigits: 2, useGrouping: false });
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  return hours ? `${number(hours)}:${two(minutes)}:${two(seconds)}` : `${number(minutes)}:${two(seconds)}`;
}

/** An ISO 8601 UTC time ("2026-12-01T23:59:00Z") in the player's local time. */
export function formatDate(iso, withTime = true) {
  if (!iso) return "–";
  const options = withTime ? { dateStyle: "medium", timeStyle: "short" } : { dateStyle: "medium" };
  return new Intl.DateTimeFormat(language(), options).format(new Date(iso));
}
