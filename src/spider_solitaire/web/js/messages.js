// The page's messages: the live region (what a screen reader says) and the notice (one
// place for short messages, where the help's answers show: the newest replaces the older).
// Every sentence is the server's, but for "the server did not answer".
import { ApiError } from "./api.js";
import { addRulesLink } from "./ruleslink.js";
import { t } from "./i18n.js";

const $ = (id) => document.getElementById(id);

/** The sentence for a failed request: the server's, or that it did not answer. */
export function errorText(error) {
  return error instanceof ApiError && error.body?.message ? error.body.message : t("announce.network");
}

/**
 * @param host.giveWay () => void: the help's answer panel gives the notice its place
 * @returns {announce, notice, clearNotice, showError, serverAnswered}
 */
export function createMessages({ giveWay = () => {} } = {}) {
  let noticeTimer = 0;
  let unanswered = false; // the notice says the server did not answer

  function announce(text) {
    const live = $("live");
    // re-set so that the same sentence twice is announced twice
    live.textContent = "";
    requestAnimationFrame(() => {
      live.textContent = text;
    });
  }

  /**
   * Show a short message where the help's answers show: one place for messages, the newest
   * replacing the older (an open answer panel gives way, so nothing covers it or the cards
   * it names; the next answer takes the place back).
   */
  function notice(text, kind = "info", ms = 5000) {
    giveWay();
    unanswered = false;
    const el = $("notice");
    el.textContent = text;
    el.className = `notice show ${kind}`;
    clearTimeout(noticeTimer);
    noticeTimer = setTimeout(() => el.classList.remove("show"), ms);
  }

  function clearNotice() {
    clearTimeout(noticeTimer);
    unanswered = false;
    $("notice").classList.remove("show");
  }

  /** The server answered a request: a notice that it did not answer is no longer true. */
  function serverAnswered() {
    if (unanswered) clearNotice();
  }

  /** Say and show an error: the server's sentence, or that it did not answer. */
  function showError(error) {
    const text = errorText(error);
    notice(text, "refused", 7000);
    if (error instanceof ApiError) addRulesLink($("notice"), error.body?.rules);
    else unanswered = true;
    announce(text);
  }

  return { announce, notice, clearNotice, showError, serverAnswered };
}
