// format.js: the record's numbers, durations and percentages in the page's language
// (English here: i18n.js starts in English).
import test from "node:test";
import assert from "node:assert/strict";
import { formatDuration, formatNumber, formatPercent } from "../../src/spider_solitaire/web/js/format.js";

test("a duration reads as a clock: minutes and seconds, hours when there are any", () => {
  assert.equal(formatDuration(0), "0:00");
  assert.equal(formatDuration(65_999), "1:05");
  assert.equal(formatDuration(754_000), "12:34");
  assert.equal(formatDuration(3_723_000), "1:02:03");
  assert.equal(formatDuration(null), "–");
});

test("counts are grouped and a rate is a whole percentage; nothing known is a dash", () => {
  assert.equal(formatNumber(1234), "1,234");
  assert.equal(formatNumber(null), "–");
  assert.equal(formatPercent(0.5714), "57%");
  assert.equal(formatPercent(1), "100%");
  assert.equal(formatPercent(null), "–");
});
