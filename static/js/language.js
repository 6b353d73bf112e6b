/* Rummy Table language switcher: the footer form works without JavaScript (pick, then press
 * the button); with it, picking a language submits the form at once and the button hides.
 * Texts any script shows come from the page (data-* attributes rendered in the template, in
 * the page's language), never from this file.
 */
(function () {
  "use strict";
  function enhance() {
    document.querySelectorAll("select[data-autosubmit]").forEach(function (select) {
      var form = select.form;
      if (!form || form.dataset.autosubmitReady) return;
      form.dataset.autosubmitReady = "1";
      var button = form.querySelector("button[type=submit]");
      if (button) button.hidden = true;
      select.addEventListener("change", function () {
        // Back to the page as it is now: after a save the game page took the form's place
        // (and address) without a reload, so the "next" drawn with the page may be stale.
        var next = form.querySelector("input[name=next]");
        if (next) next.value = window.location.pathname + window.location.search;
        if (form.requestSubmit) form.requestSubmit();
        else form.submit();
      });
    });
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", enhance);
  else enhance();
})();
