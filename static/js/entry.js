/* Rummy Table hand entry on a phone: − and + buttons beside small counts, and points typed
 * one after the other without hunting for the next field.
 *
 * Picking who went out puts the cursor in the first points field still empty; Enter (the
 * keypad's Go or Next) in a points field goes to the next one, and on the last one closes
 * the keypad (the live preview has already asked the server). Phone keypads without a Next
 * key need one tap per field, as before, and nothing more.
 *
 * Any <input type="number" data-stepper> gets a button on each side that steps it by one
 * within its min and max, as the keyboard arrows would; the value stays a plain number input,
 * so typing and the page without JavaScript work as before. Labels come from the input's
 * data-less / data-more (translated by the page).
 */
(function () {
  "use strict";

  function button(text, label, className) {
    var b = document.createElement("button");
    b.type = "button";
    b.className = "stepper " + className;
    b.textContent = text;
    b.setAttribute("aria-label", label);
    return b;
  }

  function step(input, by) {
    var min = input.min === "" ? -Infinity : Number(input.min);
    var max = input.max === "" ? Infinity : Number(input.max);
    var now = input.value === "" ? 0 : Number(input.value);
    if (isNaN(now)) now = 0;
    var next = Math.min(max, Math.max(min, now + by));
    input.value = String(next);
    input.dispatchEvent(new Event("input", { bubbles: true }));
    input.dispatchEvent(new Event("change", { bubbles: true }));
  }

  function enhance(input) {
    if (input.dataset.stepperReady) return;
    input.dataset.stepperReady = "1";
    var wrap = document.createElement("span");
    wrap.className = "stepper-wrap";
    var focused = document.activeElement === input;
    input.parentNode.insertBefore(wrap, input);
    var less = button("\u2212", input.dataset.less || "-1", "less");
    var more = button("+", input.dataset.more || "+1", "more");
    wrap.appendChild(less);
    wrap.appendChild(input);
    wrap.appendChild(more);
    // Moving the field took the focus (and a phone's keypad) from whoever was typing in it.
    if (focused && document.activeElement !== input) input.focus({ preventScroll: true });
    less.addEventListener("click", function () { step(input, -1); });
    more.addEventListener("click", function () { step(input, 1); });
  }

  function scan(root) {
    (root || document).querySelectorAll("input[type=number][data-stepper]").forEach(enhance);
  }

  function shown(el) {
    return !el.disabled && el.offsetParent !== null && !el.closest("[hidden]");
  }

  function numberFields(form) {
    return Array.prototype.filter.call(
      form.querySelectorAll(
        ".seat-entries input[type=number], .inline-number input[type=number], input.points-input"
      ),
      shown
    );
  }

  document.addEventListener("change", function (event) {
    var pick = event.target;
    if (!pick || !pick.matches || !pick.matches("input.winner-pick") || !pick.form) return;
    var empty = numberFields(pick.form).filter(function (el) {
      return el.value === "" && el.closest(".seat-entries");
    })[0];
    if (empty) empty.focus();
  });

  document.addEventListener("keydown", function (event) {
    var input = event.target;
    if (event.key !== "Enter" || !input || !input.form || (input.type !== "number" && !input.classList.contains("points-input"))) return;
    var fields = numberFields(input.form);
    var at = fields.indexOf(input);
    if (at < 0) return;
    event.preventDefault(); // not a preview submit: the live preview follows the typing
    if (at + 1 < fields.length) fields[at + 1].focus();
    else input.blur();
  });

  document.addEventListener("DOMContentLoaded", function () { scan(document); });
  document.addEventListener("htmx:load", function (event) { scan(event.target); });
})();
