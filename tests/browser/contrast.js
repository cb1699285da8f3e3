// Run in the page by tests/browser/test_contrast.py: WCAG 2 contrast of every visible
// text and control under a root element against its effective background. Returns the
// failures as sentences ([] when every one passes).
//
// Text needs 4.5:1 (3:1 when large: 24px, or 18.66px bold); a control with no text of its
// own (an icon button, whose icon is drawn in its text colour) needs 3:1. The background
// is found by walking up from the element to the first opaque background, blending the
// translucent ones on the way; a gradient counts as each of its colour stops (the worst
// one decides). Opacity on the way up fades the text. Disabled controls are left out
// (WCAG exempts inactive components), and so is what is not rendered or is visually
// hidden.
(rootSelector) => {
  const parse = (text) => {
    const match = /rgba?\(([^)]+)\)/.exec(text || "");
    if (!match) return null;
    const parts = match[1].split(/[\s,/]+/).filter(Boolean).map(Number);
    return { r: parts[0], g: parts[1], b: parts[2], a: parts.length > 3 ? parts[3] : 1 };
  };
  const over = (top, bottom) => ({
    r: top.r * top.a + bottom.r * (1 - top.a),
    g: top.g * top.a + bottom.g * (1 - top.a),
    b: top.b * top.a + bottom.b * (1 - top.a),
    a: 1,
  });
  const channel = (v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const luminance = (c) => 0.2126 * channel(c.r) + 0.7152 * channel(c.g) + 0.0722 * channel(c.b);
  const ratio = (x, y) => {
    const [hi, lo] = [luminance(x), luminance(y)].sort((p, q) => q - p);
    return (hi + 0.05) / (lo + 0.05);
  };
  const show = (c) => `rgb(${Math.round(c.r)},${Math.round(c.g)},${Math.round(c.b)})`;

  /** The colours the element's text may sit on (one, or one per gradient stop). */
  function backgrounds(el) {
    const layers = []; // top first: each a list of colours
    let opaque = false;
    for (let node = el; node && !opaque; node = node.parentElement) {
      const style = getComputedStyle(node);
      if (style.backgroundImage.includes("gradient")) {
        const stops = [...style.backgroundImage.matchAll(/rgba?\([^)]+\)/g)].map((m) => parse(m[0]));
        if (stops.length) {
          layers.push(stops);
          opaque = stops.every((s) => s.a === 1);
        }
      }
      const color = parse(style.backgroundColor);
      if (!opaque && color && color.a > 0) {
        layers.push([color]);
        opaque = color.a === 1;
      }
    }
    let below = [{ r: 255, g: 255, b: 255, a: 1 }]; // the canvas
    for (const layer of layers.reverse()) {
      below = layer.flatMap((top) => below.map((bottom) => over(top, bottom)));
    }
    return below;
  }

  function fade(el) {
    let opacity = 1;
    for (let node = el; node; node = node.parentElement) opacity *= Number(getComputedStyle(node).opacity);
    return opacity;
  }

  const hiddenAway = (el) =>
    !el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true }) ||
    el.closest(".visually-hidden, [hidden]") ||
    el.getBoundingClientRect().width <= 1 ||
    el.getBoundingClientRect().height <= 1;
  const disabled = (el) => el.closest(":disabled, [aria-disabled=true]");
  const ownText = (el) =>
    [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent.trim()) ||
    (el.matches("input:not([type]), input[type=text], select") && (el.value || el.placeholder));
  const CONTROL = "button, a[href], select, input:not([type=checkbox]):not([type=radio]):not([type=range]), summary";

  const root = document.querySelector(rootSelector);
  if (!root) return [`${rootSelector}: not found`];
  const failures = [];
  let checked = 0;
  for (const el of [root, ...root.querySelectorAll("*")]) {
    if (el.closest("svg") && el.tagName !== "text") continue;
    const text = ownText(el);
    const control = el.matches(CONTROL);
    if ((!text && !control) || hiddenAway(el) || disabled(el)) continue;
    const style = getComputedStyle(el);
    const ink = parse(el.tagName === "text" ? style.fill : style.color);
    if (!ink) continue;
    const size = parseFloat(style.fontSize);
    const large = size >= 24 || (size >= 18.66 && Number(style.fontWeight) >= 700);
    const need = text ? (large ? 3 : 4.5) : 3;
    const alpha = ink.a * fade(el);
    let worst = null;
    for (const bg of backgrounds(el)) {
      const r = ratio(over({ ...ink, a: alpha }, bg), bg);
      if (!worst || r < worst.r) worst = { r, bg };
    }
    checked += 1;
    if (worst.r < need) {
      const name = (el.textContent || el.getAttribute("aria-label") || el.title || "").trim().slice(0, 40);
      const where = el.id ? `#${el.id}` : `${el.tagName.toLowerCase()}.${[...el.classList].join(".")}`;
      failures.push(
        `${rootSelector} ${where} "${name}": ${show(over({ ...ink, a: alpha }, worst.bg))} on ${show(worst.bg)} = ` +
          `${worst.r.toFixed(2)} < ${need}`,
      );
    }
  }
  if (!checked) failures.push(`${rootSelector}: nothing checked`);
  return failures;
}
