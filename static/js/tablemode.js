/* Rummy Table, table mode: a "Full screen" button where the browser can do it (a tablet on
 * the table, a TV across the room); it hides itself while the page is full screen. */
(function () {
  "use strict";
  var button = document.querySelector(".full-screen");
  var root = document.documentElement;
  if (!button || !document.fullscreenEnabled || !root.requestFullscreen) return;
  function update() { button.hidden = Boolean(document.fullscreenElement); }
  button.addEventListener("click", function () {
    root.requestFullscreen().catch(function () { /* refused: the page stays as it is */ });
  });
  document.addEventListener("fullscreenchange", update);
  update();
})();
