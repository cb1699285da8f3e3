// The rules page (GET /rules): the server writes the words; this module draws each
// picture's cards with the table's own renderer (render.js's paintCard, the table's CSS and
// layout.js's spacing) and marks the cards a caption moves and the columns they go to.
// Each picture is described as a whole by its role="img" label (the server's), so the
// cards inside are hidden from screen readers.
import { paintCard } from "./render.js";
import { cardTops } from "./layout.js";
import { setLanguage } from "./i18n.js";
import { applyLook, readSettings } from "./settings.js";

/**
 * Draw one picture into `box` from its data-position: {columns: [{column, cards: ["7H" |
 * null, ...]}], move: {column, count, target} | {deal: true, targets: [column, ...]} |
 * null} (a take-off's target is null). As many columns as the picture has (all ten of
 * Spider, all seven of Spiderette, or a few): the card size follows their count (--cols).
 */
function draw(box) {
  const { columns, move } = JSON.parse(box.dataset.position);
  const wide = columns.length > 4;
  box.classList.toggle("wide", wide);
  box.closest(".rule-figure")?.classList.toggle("wide", wide); // a row of its own
  box.style.setProperty("--cols", String(columns.length));
  box.replaceChildren();
  const drawn = [];
  for (const { column, cards } of columns) {
    const col = document.createElement("div");
    col.className = "column";
    col.dataset.column = String(column);
    const slot = document.createElement("div");
    slot.className = "slot";
    col.append(slot);
    const els = cards.map((card, i) => {
      const el = document.createElement("div");
      paintCard(el, card);
      // the picture's label says it all: a card here is not a control
      el.removeAttribute("role");
      el.removeAttribute("aria-label");
      el.setAttribute("aria-hidden", "true");
      if (move?.column === column && i >= cards.length - move.count) el.classList.add("hinted");
      col.append(el);
      return el;
    });
    col.classList.toggle("empty", cards.length === 0);
    if (move?.target === column || move?.targets?.includes(column)) col.classList.add("hint-target");
    box.append(col);
    drawn.push({ col, cards, els });
  }
  placeCards(box, drawn);
}

/** Spread each column's cards as the table does (layout.js), and size the picture to them. */
function placeCards(box, drawn) {
  const sample = box.querySelector(".card");
  const cardHeight = sample?.offsetHeight || 70;
  const corner = box.querySelector(".card.up .corner");
  const cornerHeight = corner ? corner.offsetTop + corner.offsetHeight : 16;
  let height = cardHeight;
  for (const { cards, els } of drawn) {
    const faceDown = cards.filter((card) => card == null).length;
    const tops = cardTops({ faceDown, faceUp: cards.length - faceDown, cardHeight, cornerHeight, available: 6 * cardHeight });
    els.forEach((el, i) => {
      el.style.top = `${tops[i]}px`;
    });
    if (tops.length) height = Math.max(height, tops[tops.length - 1] + cardHeight);
  }
  box.style.height = `${Math.ceil(height)}px`;
}

function drawAll() {
  for (const box of document.querySelectorAll(".rule-position")) draw(box);
}

async function main() {
  applyLook(readSettings()); // the table's look (theme, four colours), as on the table
  await setLanguage(document.documentElement.lang); // the cards' rank letters ("10", "K")
  drawAll();
  let width = window.innerWidth;
  window.addEventListener("resize", () => {
    if (window.innerWidth !== width) {
      width = window.innerWidth;
      drawAll();
    }
  });
  document.documentElement.classList.add("ready");
}

main().catch((error) => {
  console.error(error);
});
