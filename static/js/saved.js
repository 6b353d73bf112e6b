/* Back after Save: the browser shows the hand form again, filled in, as if unsaved. When the
 * page comes back from history, ask the server whether this form's one-time key (request_id)
 * was already saved; if so, say so, link the game, and keep Save from being pressed again.
 * Without JavaScript a second Save records nothing either (the server knows the key). */
(function () {
  "use strict";

  function fromHistory(event) {
    if (event && event.persisted) return true; // back-forward cache
    var nav = window.performance && performance.getEntriesByType
      ? performance.getEntriesByType("navigation")[0]
      : null;
    return !!nav && nav.type === "back_forward";
  }

  function check() {
    var notice = document.querySelector("[data-saved-url]");
    var form = document.getElementById("hand-form");
    var key = form && form.querySelector("input[name=request_id]");
    if (!notice || !key || !key.value) return;
    var url = notice.getAttribute("data-saved-url") + "?request_id=" + encodeURIComponent(key.value);
    fetch(url, { credentials: "same-origin", headers: { Accept: "application/json" } })
      .then(function (response) { return response.ok ? response.json() : null; })
      .then(function (answer) {
        if (!answer || !answer.saved) return;
        notice.hidden = false;
        form.classList.add("is-saved");
        form.querySelectorAll("button[name=save]").forEach(function (button) {
          button.disabled = true;
        });
        notice.scrollIntoView({ block: "start" });
      })
      .catch(function () { /* offline: nothing to say */ });
  }

  window.addEventListener("pageshow", function (event) {
    if (fromHistory(event)) check();
  });
})();
