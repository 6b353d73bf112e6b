// "Copy the edit link": shown only where the browser can copy; the link itself is on the page
// for everyone else (select it, or long-press it).
(function () {
  "use strict";
  var button = document.getElementById("copy-edit-link");
  if (!button || !navigator.clipboard) {
    return;
  }
  button.hidden = false;
  button.addEventListener("click", function () {
    navigator.clipboard.writeText(button.dataset.copy).then(function () {
      button.textContent = button.dataset.done;
    });
  });
})();
