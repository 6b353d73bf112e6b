// The checker: choosing another game redraws the form with that game's house-rule boxes
// (the server draws them; boxes the new game lacks are named on the page, not dropped
// silently). The cards typed so far are kept. Without JavaScript, "Check" does the same.
(function () {
  "use strict";
  var select = document.querySelector("select[data-redraw]");
  if (!select || !select.form) {
    return;
  }
  select.addEventListener("change", function () {
    var params = new URLSearchParams(new FormData(select.form));
    params.set("redraw", "1");
    window.location.assign(select.form.action + "?" + params.toString());
  });
})();
