/* Rummy Table live pages: a polling element carries the ETag of what it shows, and asks the
 * server for a new version only if there is one. The server answers 304 Not Modified (no body,
 * no swap) when nothing changed; the htmx-config meta in base.html tells htmx not to swap 304s.
 */
(function () {
  "use strict";
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
