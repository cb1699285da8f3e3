// A finished game's review in the replay viewer (issue 30): the owner asks for it ("Review",
// or `/?replay=<id>&review=1`), the server works it out as a help job (polled) or answers
// at once from the review kept with the game. Then a strip over the action slider shows
// winnable / lost / unknown along the game, with the move that lost marked; a click on the
// strip jumps to that step. Keyboard and screen reader get the same as a list of buttons
// (the spans of one status, the move that lost, the moves that mattered), each jumping to
// its step. Where it names the move that lost, the solver's line from the position before
// it plays step by step on the table (Prev / Next; the server builds each table). Every sentence is the server's (docs/api.md, ReviewAnswer); the fixed labels
// are the catalog's `review_*` keys.
import { errorText } from "./messages.js";
import { t } from "./i18n.js";
import { formatNumber } from "./format.js";

const $ = (id) => document.getElementById(id);
const POLL_MS = 500;

/**
 * What the strip shows at each step of the replay (0..last): the status of the line's
 * position shown there ("winnable", "lost", "unknown"), or "off" for a step off the line
 * (an undone branch, an undo); and the step of the move that lost (null without one).
 * Pure: `review` is the server's ReviewAnswer.
 */
export function stripSteps(review, last) {
  const shown = new Array(last + 1).fill("off");
  review.steps.forEach((step, index) => {
    if (step >= 0 && step <= last) shown[step] = review.statuses[index];
  });
  const lost = review.move_that_lost;
  const lostStep = lost ? review.steps[lost.number] ?? null : null;
  return { shown, lostStep };
}

/** The step a click at `x` (px from the strip's left, of `width`) lands on, of 0..last. */
export function stepAt(x, width, last) {
  if (width <= 0) return 0;
  return Math.min(last, Math.max(0, Math.floor((x / width) * (last + 1))));
}

/**
 * Wire the review into the viewer of the owner's game `id`.
 *
 * @param api the API client of api.js
 * @param id the game's id
 * @param host.last the replay's last step
 * @param host.jump (step) => void: show that step (paused)
 * @param host.announce (text) => void
 * @param host.auto true: ask at once (the address said `review=1`)
 * @param host.finished true: the replay's game has ended (won or lost): the "Review" button
 *   shows (a game the replay calls in play may still have been left: History's entry and
 *   `review=1` ask anyway, and the server refuses one still in play)
 */
export function wireReview(api, id, { last, jump, showStep, announce, auto = false, finished = false }) {
  const box = $("review-box");
  const button = $("replay-review");
  const status = $("review-status");
  let asking = false;
  button.hidden = !finished;

  async function ask() {
    if (asking) return;
    asking = true;
    button.disabled = true;
    status.textContent = "";
    box.hidden = false;
    try {
      let job = await api.review(id);
      while (job.status === "running") {
        status.textContent = job.message || "";
        await new Promise((done) => setTimeout(done, POLL_MS));
        job = await api.helpJob(job.id);
      }
      if (job.status !== "done" || !job.review) {
        status.textContent = job.message || "";
        button.disabled = false;
        return;
      }
      status.textContent = "";
      show(job.review);
      announce(job.review.message);
    } catch (error) {
      status.textContent = errorText(error);
      button.disabled = false;
    } finally {
      asking = false;
    }
  }

  function show(review) {
    button.hidden = true;
    $("review-verdict").textContent = review.message;
    drawStrip(review);
    listSpans(review);
    showLoss(review);
    listMoments(review);
    $("review-details").hidden = false;
  }

  function drawStrip(review) {
    const strip = $("review-strip");
    const { shown, lostStep } = stripSteps(review, last);
    strip.replaceChildren(
      ...shown.map((kind, step) => {
        const cell = document.createElement("span");
        cell.className = `review-cell review-${kind}${step === lostStep ? " review-lost-move" : ""}`;
        cell.dataset.step = String(step);
        return cell;
      }),
    );
    strip.hidden = false;
    strip.onclick = (event) => {
      const box = strip.getBoundingClientRect();
      jump(stepAt(event.clientX - box.left, box.width, last));
    };
  }

  function jumpButton(label, step, className = "link-button") {
    const el = document.createElement("button");
    el.type = "button";
    el.className = className;
    el.textContent = label;
    el.dataset.step = String(step);
    el.addEventListener("click", () => jump(step));
    return el;
  }

  function listSpans(review) {
    $("review-spans").replaceChildren(
      ...review.spans.map((span) => {
        const li = document.createElement("li");
        li.className = `review-span review-${span.status}`;
        li.append(jumpButton(span.label, span.first_step));
        return li;
      }),
    );
  }

  function showLoss(review) {
    const lost = review.move_that_lost;
    $("review-loss").hidden = !lost;
    if (!lost) return;
    const go = $("review-go-lost");
    go.onclick = () => jump(lost.step);
    const hint = lost.hint;
    const rows = [];
    if (hint && hint.move) rows.push([t("review_hint"), [hint.move, ...hint.messages]]);
    rows.push([t("review_solver_line"), [lost.solver_line.join(" ")]]);
    wireLine(lost.solver_line.length);
    $("review-hint").replaceChildren(
      ...rows.flatMap(([term, values]) => {
        const dt = document.createElement("dt");
        dt.textContent = term;
        return [
          dt,
          ...values.map((value) => {
            const dd = document.createElement("dd");
            dd.textContent = value;
            return dd;
          }),
        ];
      }),
    );
  }

  /** Prev / Next through the solver's line from the position before the move that lost
   * (the server builds each table: GET /api/games/{id}/review/line/{step}). */
  function wireLine(moves) {
    let at = -1;
    const prev = $("review-line-prev");
    const next = $("review-line-next");
    const counter = $("review-line-counter");
    async function go(step) {
      try {
        const answer = await api.reviewLineStep(id, step);
        at = step;
        showStep(answer);
        counter.textContent = `${formatNumber(step)} / ${formatNumber(moves)}`;
        announce(answer.label);
      } catch (error) {
        counter.textContent = errorText(error);
      }
      prev.disabled = at <= 0;
      next.disabled = at >= moves;
    }
    prev.disabled = true;
    next.disabled = moves === 0;
    counter.textContent = "";
    prev.onclick = () => go(at - 1);
    next.onclick = () => go(at + 1);
  }

  function listMoments(review) {
    $("review-moments").replaceChildren(
      ...review.moments.map((moment) => {
        const li = document.createElement("li");
        li.className = moment.kinds.includes("move_that_lost") ? "review-moment review-lost-move" : "review-moment";
        li.append(jumpButton(moment.label, moment.step));
        return li;
      }),
    );
  }

  button.addEventListener("click", ask);
  if (auto) ask();
}
