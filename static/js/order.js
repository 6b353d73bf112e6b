/* Rummy Table, Phỏm: tap the players in finishing order.
 *
 * The page without JavaScript asks a place per player (a <select data-order-place="Name">
 * each); this script lays name tiles over those selects: tapping a tile gives that player the
 * next place (its number shows on the tile), tapping it again takes the place back and moves
 * the later places up. The selects stay the form's fields, so the server reads the same thing
 * either way. Texts come from the fieldset's data-order-clear and data-order-place-label
 * (translated by the page).
 */
(function () {
  "use strict";

  function places(selects) {
    return selects.map(function (s) { return s.value === "" ? 0 : Number(s.value); });
  }

  function set(select, value) {
    select.value = value ? String(value) : "";
    select.dispatchEvent(new Event("change", { bubbles: true }));
  }

  function tap(selects, i) {
    var now = places(selects);
    if (now[i]) {
      var gone = now[i];
      set(selects[i], 0);
      selects.forEach(function (s, j) {
        if (now[j] > gone) set(s, now[j] - 1);
      });
    } else {
      set(selects[i], Math.max.apply(null, now.concat([0])) + 1);
    }
  }

  function enhance(fieldset) {
    if (fieldset.dataset.orderReady) return;
    var selects = Array.prototype.slice.call(fieldset.querySelectorAll("select[data-order-place]"));
    if (!selects.length) return;
    fieldset.dataset.orderReady = "1";
    var label = fieldset.dataset.orderPlaceLabel || "{place}";
    var tiles = document.createElement("div");
    tiles.className = "choices tiles order-tiles";
    var buttons = selects.map(function (select, i) {
      var b = document.createElement("button");
      b.type = "button";
      b.className = "order-tile";
      var badge = document.createElement("span");
      badge.className = "order-badge";
      var name = document.createElement("span");
      name.textContent = select.dataset.orderPlace;
      var hint = document.createElement("span");
      hint.className = "visually-hidden";
      b.appendChild(badge);
      b.appendChild(name);
      b.appendChild(hint);
      b.addEventListener("click", function () { tap(selects, i); });
      tiles.appendChild(b);
      return { button: b, badge: badge, hint: hint };
    });
    var clear = document.createElement("button");
    clear.type = "button";
    clear.className = "secondary order-clear";
    clear.textContent = fieldset.dataset.orderClear || "×";
    clear.addEventListener("click", function () {
      selects.forEach(function (s) { if (s.value !== "") set(s, 0); });
    });

    function draw() {
      places(selects).forEach(function (place, i) {
        var tile = buttons[i];
        tile.button.setAttribute("aria-pressed", place ? "true" : "false");
        tile.badge.textContent = place ? String(place) : "";
        tile.hint.textContent = place ? " " + label.replace("{place}", String(place)) : "";
      });
      clear.hidden = !places(selects).some(Boolean);
    }

    var grid = fieldset.querySelector(".order-places");
    grid.parentNode.insertBefore(tiles, grid);
    tiles.parentNode.insertBefore(clear, grid);
    var help = fieldset.querySelector(".order-tap-help");
    if (help) help.hidden = false;
    fieldset.classList.add("order-js");
    selects.forEach(function (s) { s.addEventListener("change", draw); });
    draw();
  }

  function scan(root) {
    (root || document).querySelectorAll("fieldset.order-entry").forEach(enhance);
  }

  document.addEventListener("DOMContentLoaded", function () { scan(document); });
  document.addEventListener("htmx:load", function (event) { scan(event.target); });
})();
