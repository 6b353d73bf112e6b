/* Rummy Table live pages: a polling element carries the ETag of what it shows, and asks the
 * server for a new version only if there is one. The server answers 304 Not Modified (no body,
 * no swap) when nothing changed; the htmx-config meta in base.html tells htmx not to swap 304s.
 * A hidden page does not poll; shown again, it asks at once (the "rt-visible" trigger).
 *
 * The screen stays on while a game page ([data-wake-lock]) is visible: a Screen Wake Lock,
 * released when the page is hidden (the browser does it too) and asked for again when it is
 * shown. Browsers without it, or that refuse it (battery saver), simply let the screen sleep.
 */
(function () {
  "use strict";

  var lock = null;

  function wanted() {
    return document.visibilityState === "visible" && document.querySelector("[data-wake-lock]");
  }

  function keepAwake() {
    if (!("wakeLock" in navigator) || lock || !wanted()) return;
    navigator.wakeLock.request("screen").then(function (sentinel) {
      lock = sentinel;
      document.documentElement.dataset.wakeLock = "on";
      sentinel.addEventListener("release", function () {
        lock = null;
        document.documentElement.dataset.wakeLock = "off";
      });
    }).catch(function () {
      /* refused or unsupported here: the screen may sleep, nothing else changes */
    });
  }

  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState === "visible") {
      keepAwake();
      document.querySelectorAll("[data-etag]").forEach(function (el) {
        el.dispatchEvent(new CustomEvent("rt-visible"));
      });
    } else if (lock) {
      lock.release().catch(function () {});
    }
  });
  document.addEventListener("DOMContentLoaded", keepAwake);
  // Back to a page the browser kept in memory (the back-forward cache): ask for news at once.
  window.addEventListener("pageshow", function (event) {
    if (!event.persisted) return;
    keepAwake();
    document.querySelectorAll("[data-etag]").forEach(function (el) {
      el.dispatchEvent(new CustomEvent("rt-visible"));
    });
  });

  // A hidden page's poll is not sent (nobody is looking); it catches up when shown.
  document.addEventListener("htmx:beforeRequest", function (event) {
    var elt = event.detail && event.detail.elt;
    if (document.visibilityState === "hidden" && elt && elt.dataset && elt.dataset.etag) {
      event.preventDefault();
    }
  });

  // A poll that brings a new scoreboard keeps the message the page was showing ("Hand 3
  // saved."): it is news for this phone until the page is left, not for the next 2 s only.
  var message = null;
  document.addEventListener("htmx:beforeSwap", function (event) {
    var elt = event.detail && event.detail.elt;
    if (!elt || !elt.dataset || !elt.dataset.etag) return;
    var shown = elt.querySelector(".messages");
    message = shown ? shown.cloneNode(true) : null;
  });
  document.addEventListener("htmx:load", function (event) {
    var root = event.target;
    if (!message || !root || !root.dataset || !root.dataset.etag) return;
    if (!root.querySelector(".messages")) {
      var anchor = root.querySelector(".main-actions, .watching");
      if (anchor) anchor.insertAdjacentElement("afterend", message);
    }
    message = null;
  });

  document.addEventListener("htmx:configRequest", function (event) {
    var elt = event.detail.elt;
    if (elt && elt.dataset && elt.dataset.etag && event.detail.verb === "get") {
      event.detail.headers["If-None-Match"] = elt.dataset.etag;
    }
  });

  // After htmx redraws a form, bring what matters into view: the first error (and its
  // input), or else the preview. Without JavaScript the page reloads with a summary on top.
  document.addEventListener("htmx:load", function (event) {
    var root = event.target;
    if (!root || !root.matches || !root.matches("form")) return;
    var error = root.querySelector(".error-summary") || root.querySelector(".field-error");
    var target = error || root.querySelector("#preview");
    if (!target) return;
    target.scrollIntoView({ block: "center" });
    if (!error) return;
    // Focus the first input in error, or else the summary (which names player and token).
    var input = root.querySelector("[aria-invalid=true]") || root.querySelector(".error-summary");
    if (input) input.focus({ preventScroll: true });
  });
})();
