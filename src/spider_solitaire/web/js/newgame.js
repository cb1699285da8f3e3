// The New game window: the game of the family (Spider first, the others behind the one
// choice, as the server lists them), the level, the rule, a deal's code and the deal: any
// deal, "Winnable deals only" or a deal rated 1 to 3 stars (issue 30: the deal's level within
// its suit count, never Easy/Medium/Hard, which name the suits), filled in from the settings
// and kept there; it starts the game through the session (or the help's search for a
// winnable deal). The rules a level is offered under are the server's to say
// (GET /api/games/variants, its `levels`), and so are the rules' names (the radios are made
// from them): a choice of one is hidden; so are the star levels that have no deal for the
// game, suits and rule chosen (its `deal_levels`).
import { openDialog, askConfirm } from "./dialogs.js";
import { t } from "./i18n.js";
import { errorText } from "./messages.js";
import { DECLINED } from "./session.js";

const $ = (id) => document.getElementById(id);

/**
 * @param settings the settings of settings.js (suits, rule, winnable, stars)
 * @param session startGame, started (session.js)
 * @param requests enqueue (requests.js)
 * @param help searchDeal (help/index.js)
 * @param api variants (api.js): the games of the family the server offers
 */
export function attachNewGame(settings, session, requests, help, api) {
  const form = $("new-form");
  const dialog = $("new-dialog");
  const error = $("new-error");
  const values = settings.values;
  let offers = []; // the server's list, spider first
  const chosen = () => offers[form.elements.variant.selectedIndex] || null;
  const fillVariants = async () => {
    try {
      offers = await api.variants();
    } catch {
      offers = [];
    }
    const select = form.elements.variant;
    select.replaceChildren(
      ...offers.map((offer) => {
        const option = document.createElement("option");
        option.value = offer.name;
        option.textContent = offer.title;
        return option;
      }),
    );
    $("variant-field").hidden = offers.length < 2;
    fillRules();
  };
  // the group rules as the server names them (every rule some level is offered under, in
  // the server's order), each with its words from the catalog: the page states none itself
  const fillRules = () => {
    const names = [];
    for (const offer of offers) {
      for (const level of offer.levels || []) {
        for (const name of level.group_rules) if (!names.includes(name)) names.push(name);
      }
    }
    const field = $("rule-field");
    field.replaceChildren(
      field.querySelector("legend"),
      ...names.map((name) => {
        const label = document.createElement("label");
        const radio = document.createElement("input");
        radio.type = "radio";
        radio.name = "rule";
        radio.value = name;
        const title = document.createElement("span");
        title.textContent = t(`rule.${name}`);
        const help = document.createElement("small");
        help.textContent = t(`rule.${name}_help`);
        label.append(radio, " ", title, " ", help);
        return label;
      }),
    );
  };
  // the group rules the server offers for the game and level chosen (the offer's
  // `levels`, from the registry), or null before the server has said: the page states none
  const offeredRules = () => {
    const suits = Number(form.elements.suits.value);
    const level = chosen()?.levels?.find((entry) => entry.suits === suits);
    return level ? level.group_rules : null;
  };
  // the star levels with deals for the game, suits and rule chosen (null before the server said)
  const offeredStars = () => {
    const suits = Number(form.elements.suits.value);
    const level = chosen()?.levels?.find((entry) => entry.suits === suits);
    if (!level) return null;
    const rule = level.group_rules.includes(form.elements.rule?.value) ? form.elements.rule.value : level.group_rules[0];
    return (level.deal_levels || []).find((entry) => entry.rule === rule)?.stars || [];
  };
  const dealChoice = () => form.querySelector('input[name="deal"]:checked')?.value || "any";
  const syncStars = (typed) => {
    const stars = offeredStars();
    for (const label of form.querySelectorAll("label[data-stars]")) {
      const radio = label.querySelector("input");
      label.hidden = stars !== null && !stars.includes(Number(label.dataset.stars));
      radio.disabled = typed || label.hidden;
      // a level not offered here falls back to any deal
      if (radio.checked && label.hidden) form.querySelector('input[name="deal"][value="any"]').checked = true;
    }
    $("new-stars-help").hidden = stars !== null && stars.length === 0;
    form.querySelector('input[name="deal"][value="any"]').disabled = typed;
  };
  const syncRule = () => {
    // a rule the level is not offered under is hidden, and so is a choice of one
    const allowed = offeredRules();
    for (const radio of form.querySelectorAll('input[name="rule"]')) {
      radio.closest("label").hidden = allowed !== null && !allowed.includes(radio.value);
    }
    $("rule-field").hidden = allowed !== null && allowed.length < 2;
    const offer = chosen();
    if (offer) $("new-variant-rules").href = offer.rules;
    // a typed code names its deal (and its game): "winnable deals only" does not apply;
    // nor where the server does not offer it for the game chosen (it offers it for every one)
    const typed = form.elements.code.value.trim() !== "";
    $("new-winnable").disabled = typed || (offer !== null && !offer.winnable);
    form.elements.variant.disabled = typed;
    syncStars(typed);
  };
  form.addEventListener("change", syncRule);
  form.elements.code.addEventListener("input", syncRule);
  $("new-game").addEventListener("click", async () => {
    if (!offers.length) await fillVariants();
    // the game played last is chosen again when the server still offers it; else the first (Spider)
    const index = offers.findIndex((offer) => offer.name === values.variant);
    form.elements.variant.selectedIndex = Math.max(0, index);
    form.elements.suits.value = String(values.suits);
    if (form.elements.rule) form.elements.rule.value = values.rule;
    form.elements.code.value = "";
    const deal = values.stars ? String(values.stars) : values.winnable ? "winnable" : "any";
    form.querySelector(`input[name="deal"][value="${deal}"]`).checked = true;
    error.textContent = "";
    syncRule();
    openDialog(dialog);
  });
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const code = form.elements.code.value.trim();
    values.suits = Number(form.elements.suits.value) || 1;
    values.rule = form.elements.rule?.value || values.rule;
    const deal = dealChoice();
    values.winnable = deal === "winnable";
    values.stars = ["1", "2", "3"].includes(deal) ? Number(deal) : 0;
    const offer = chosen();
    if (offer) values.variant = offer.name;
    settings.save();
    // the server plays the rule chosen as the level allows (one suit: Classic)
    const dealt = offer ? { variant: offer.name, suits: values.suits, rule: values.rule } : { suits: values.suits, rule: values.rule };
    const body = code ? { code } : values.stars ? { ...dealt, stars: values.stars } : dealt;
    error.textContent = "";
    if (!code && values.winnable && !$("new-winnable").disabled) {
      // the server deals games until the solver wins one; the window shows the progress
      const submit = form.querySelector("[type=submit]");
      submit.disabled = true;
      // a winnable deal of the game chosen, at the level chosen
      const game = await help.searchDeal(dealt, askConfirm);
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
