/* Rummy Table: a printed score sheet holds every hand and the chip ledger.
 *
 * The print stylesheet opens the folded sections (details.print-open) where the browser knows
 * ::details-content; for the others, they are opened just before printing and folded again
 * after, as the reader left them.
 */
(function () {
  "use strict";
  var opened = [];
  window.addEventListener("beforeprint", function () {
    document.querySelectorAll("details.print-open:not([open])").forEach(function (el) {
      el.open = true;
      opened.push(el);
    });
  });
  window.addEventListener("afterprint", function () {
    opened.forEach(function (el) { el.open = false; });
    opened = [];
  });
})();
