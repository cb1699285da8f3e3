// The statistics' pictures, drawn as SVG inside the page (no library): a strip of won/lost
// marks, win-rate bars by variant, score over time. Each is an image with a title for
// screen readers (role="img"); every number in it is formatted with Intl, every word is a
// catalog label or the server's (variant labels).
import { t } from "./i18n.js";
import { formatDate, formatNumber, formatPercent } from "./format.js";

const SVG = "http://www.w3.org/2000/svg";

function node(name, attributes = {}, text = null) {
  const el = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) el.setAttribute(key, String(value));
  if (text != null) el.textContent = text;
  return el;
}

function chart(width, height, label) {
  const svg = node("svg", { viewBox: `0 0 ${width} ${height}`, role: "img", class: "chart", "aria-label": label });
  svg.append(node("title", {}, label));
  return svg;
}

/**
 * The picture and, for screen readers, the same data as a list (each item the values a
 * mark stands for): [svg, ol]. The list is visually hidden; the picture is the image.
 */
function withList(svg, items) {
  const list = document.createElement("ol");
  list.className = "visually-hidden";
  for (const text of items) {
    const li = document.createElement("li");
    li.textContent = text;
    list.append(li);
  }
  return [svg, list];
}

/**
 * The results of the last games (oldest first, at most 50) as a strip of marks: a tall
 * green mark for a win, a short red one for a loss, each titled with its variant, date
 * and result.
 *
 * @param results the statistics' `last_results` [{game_id, outcome, decided_at, label}]
 * @returns [svg, the same as a visually hidden list]
 */
export function resultStrip(results) {
  const slot = 12;
  const width = Math.max(50, results.length) * slot;
  const svg = chart(width, 40, t("record.strip_title"));
  const items = [];
  results.forEach((result, i) => {
    const won = result.outcome === "won";
    const text = `${result.label}, ${formatDate(result.decided_at)}: ${t(won ? "record.won" : "record.lost")}`;
    items.push(text);
    const mark = node("rect", {
      class: `mark ${won ? "won" : "lost"}`,
      x: i * slot + 2,
      y: won ? 4 : 20,
      width: slot - 4,
      height: won ? 32 : 16,
      rx: 2,
    });
    mark.append(node("title", {}, text));
    svg.append(mark);
  });
  return withList(svg, items);
}

/**
 * Win rate by variant as bars, unassisted and assisted games apart: one row per variant,
 * its label, its bars (0 to 100 %) and the percentages.
 *
 * @param variants the statistics' `variants` [{label, unassisted, assisted}]
 */
export function winRateBars(variants) {
  const row = 34;
  const labelWidth = 130;
  const barWidth = 190;
  const svg = chart(labelWidth + barWidth + 60, Math.max(1, variants.length) * row + 4, t("record.rates_title"));
  variants.forEach((variant, i) => {
    const y = i * row + 4;
    svg.append(node("text", { x: 0, y: y + 17, class: "chart-label" }, variant.label));
    [
      ["unassisted", variant.unassisted, 0],
      ["assisted", variant.assisted, 15],
    ].forEach(([kind, figures, dy]) => {
      const rate = figures?.win_rate;
      svg.append(node("rect", { class: "bar-track", x: labelWidth, y: y + dy, width: barWidth, height: 12, rx: 3 }));
      const bar = node("rect", {
        class: `bar ${kind}`,
        x: labelWidth,
        y: y + dy,
        width: rate == null ? 0 : Math.max(rate * barWidth, rate > 0 ? 2 : 0),
        height: 12,
        rx: 3,
      });
      bar.append(node("title", {}, `${variant.label}, ${t(`record.${kind}`)}: ${formatPercent(rate)}`));
      svg.append(bar);
      svg.append(node("text", { x: labelWidth + barWidth + 6, y: y + dy + 10, class: "chart-value" }, formatPercent(rate)));
    });
  });
  return svg;
}

/**
 * The score of each counted result over time (oldest first) as a line, wins as filled
 * dots and losses as hollow ones, with the lowest and highest score on the axis.
 *
 * @param scores the statistics' `scores` [{decided_at, score, outcome}]
 * @returns [svg, the same as a visually hidden list]
 */
export function scoreLine(scores) {
  const width = 380;
  const height = 150;
  const left = 40;
  const bottom = height - 18;
  const top = 10;
  const svg = chart(width, height, t("record.scores_title"));
  svg.append(node("line", { class: "axis", x1: left, y1: bottom, x2: width - 6, y2: bottom }));
  svg.append(node("line", { class: "axis", x1: left, y1: top, x2: left, y2: bottom }));
  if (!scores.length) return withList(svg, []);
  const values = scores.map((entry) => entry.score);
  const low = Math.min(0, ...values);
  const high = Math.max(...values, low + 1);
  const x = (i) => left + 8 + (scores.length === 1 ? 0 : (i * (width - left - 20)) / (scores.length - 1));
  const y = (score) => bottom - ((score - low) * (bottom - top)) / (high - low);
  svg.append(node("text", { x: left - 4, y: bottom, class: "chart-value end" }, formatNumber(low)));
  svg.append(node("text", { x: left - 4, y: top + 8, class: "chart-value end" }, formatNumber(high)));
  const points = scores.map((entry, i) => `${x(i).toFixed(1)},${y(entry.score).toFixed(1)}`).join(" ");
  svg.append(node("polyline", { class: "score-line", points }));
  const items = [];
  scores.forEach((entry, i) => {
    const won = entry.outcome === "won";
    const dot = node("circle", { class: `dot ${won ? "won" : "lost"}`, cx: x(i), cy: y(entry.score), r: 3.5 });
    const text = `${formatDate(entry.decided_at)}: ${formatNumber(entry.score)}, ${t(won ? "record.won" : "record.lost")}`;
    items.push(text);
    dot.append(node("title", {}, text));
    svg.append(dot);
  });
  return withList(svg, items);
}
