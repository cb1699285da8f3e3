// The New game window: the level, the rule, a deal's code and "Winnable deals only",
// filled in from the settings and kept there; it starts the game through the session (or
// the help's search for a winnable deal). With one suit the two rules play the same, so
// the rule's choice is hidden; whether a choice is allowed is the server's to say.
import { openDialog, askConfirm } from "./dialogs.js";
import { errorText } from "./messages.js";
import { DECLINED } from "./session.js";

const $ = (id) => document.getElementById(id);

/**
 * @param settings the settings of settings.js (suits, rule, winnable)
 * @param session startGame, started (session.js)
 * @param requests enqueue (requests.js)
 * @param help searchDeal (help.js)
 */
export function attachNewGame(settings, session, requests, help) {
  const form = $("new-form");
  const dialog = $("new-dialog");
  const error = $("new-error");
  const values = settings.values;
  const syncRule = () => {
    // with one suit the two rules play the same: the choice is hidden
    $("rule-field").hidden = form.elements.suits.value === "1";
    // a typed code names its deal: "winnable deals only" does not apply
    form.elements.winnable.disabled = form.elements.code.value.trim() !== "";
  };
  form.addEventListener("change", syncRule);
  form.elements.code.addEventListener("input", syncRule);
  $("new-game").addEventListener("click", () => {
    form.elements.suits.value = String(values.suits);
    form.elements.rule.value = values.rule;
    form.elements.code.value = "";
    form.elements.winnable.checked = !!values.winnable;
    error.textContent = "";
    syncRule();
    openDialog(dialog);
  });
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const code = form.elements.code.value.trim();
    values.suits = Number(form.elements.suits.value) || 1;
    values.rule = form.elements.rule.value || values.rule;
    values.winnable = form.elements.winnable.checked;
    settings.save();
    // the server knows the rules: with one suit it plays the rule as Classic
    const body = code ? { code } : { suits: values.suits, rule: values.rule };
    error.textContent = "";
    if (!code && values.winnable) {
      // the server deals games until the solver wins one; the window shows the progress
      const submit = form.querySelector("[type=submit]");
      submit.disabled = true;
      const game = await help.searchDeal(body, askConfirm);
      submit.disabled = false;
      if (game) {
        requests.enqueue(() => session.started(game));
        dialog.close("start");
      }
      return;
    }
    const failure = await session.startGame(body);
    if (failure === DECLINED) return;
    if (failure) {
      error.textContent = errorText(failure);
      return;
    }
    dialog.close("start");
  });
}
