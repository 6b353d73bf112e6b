/* Rummy Table card picker: progressive enhancement for card inputs.
 *
 * Any <input data-cards> keeps working as a plain text field (type "KH 7S 2D"). With
 * JavaScript, a "Pick cards" button opens a compact deck beside it: tapping a card adds it to
 * the field, tapping it again takes it out (with several packs, each tap adds a copy until the
 * deck runs out). Typing in the field updates the deck. Fields with data-melds also get a
 * "Next meld" button that writes the " / " separator between melds. What separates melds
 * (" / ", " · " as the app prints them, "|", ";", a new line) is the engine's list, rendered
 * by the page as JSON in data-meld-separators, so the picker splits text as the server does.
 * Labels come from the input's data-* attributes so the page can translate them.
 *
 * Every picker also counts the cards typed in the form's other card fields (the other players'
 * hands, the winner's melds): a card whose copies are all taken elsewhere is greyed out and
 * says who holds it, so the deck's copy limits show while tapping. How many copies the deck
 * holds comes from the server (the engine's deck): data-packs / data-jokers on the input, or
 * on this script's own tag.
 */
(function () {
  "use strict";

  var SCRIPT = document.currentScript;

  var SUITS = [
    ["S", "\u2660", "s"],
    ["H", "\u2665", "h"],
    ["D", "\u2666", "d"],
    ["C", "\u2663", "c"],
  ];
  var RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];
  var SYMBOLS = { "\u2660": "S", "\u2665": "H", "\u2666": "D", "\u2663": "C" };
  var JOKERS = { JK: 1, "*": 1, JOKER: 1, "\uD83C\uDCCF": 1 };

  // The engine's meld separators (data-meld-separators on the input or on this script).
  var splitters = {};
  function splitter(input) {
    var raw = (input && input.dataset.meldSeparators) || (SCRIPT && SCRIPT.dataset.meldSeparators) || "";
    if (!splitters[raw]) {
      var list = ["/"];
      try {
        var parsed = JSON.parse(raw);
        if (Array.isArray(parsed) && parsed.length) list = parsed;
      } catch (e) { /* no list rendered: the slash alone */ }
      var chars = list.concat(["\r"]).map(function (sep) {
        return sep.replace(/[\]\\^\-\[]/g, "\\$&");
      }).join("");
      splitters[raw] = new RegExp("[" + chars + "]");
    }
    return splitters[raw];
  }

  // Split the field into tokens: cards in canonical form, "/" between melds, and anything
  // unknown left exactly as typed (the server names bad tokens; we never hide them).
  function tokens(text, input) {
    var out = [];
    var melds = input && input.hasAttribute("data-melds") ? text.split(splitter(input)) : [text];
    melds.forEach(function (meld, i) {
      if (i > 0) out.push("/");
      meld.split(/[\s,]+/).forEach(function (raw) {
        if (raw) out.push(canonical(raw));
      });
    });
    return out;
  }

  function canonical(token) {
    var upper = token.toUpperCase();
    if (JOKERS[upper]) return "JK";
    var eq = upper.indexOf("=");
    if (eq > 0) return token; // a designated joker such as JK=7H
    var suit = token.slice(-1);
    suit = SYMBOLS[suit] || suit.toUpperCase();
    var rank = upper.slice(0, -1);
    if (rank === "T") rank = "10";
    if (RANKS.indexOf(rank) < 0 || "SHDC".indexOf(suit) < 0 || suit.length !== 1) return token;
    return rank + suit;
  }

  function counts(list) {
    var c = {};
    list.forEach(function (t) {
      var key = t.indexOf("=") > 0 ? "JK" : t;
      c[key] = (c[key] || 0) + 1;
    });
    return c;
  }

  function tidy(list) {
    // Keep separators sensible: none at the start, never two in a row.
    var out = [];
    list.forEach(function (t) {
      if (t === "/" && (out.length === 0 || out[out.length - 1] === "/")) return;
      out.push(t);
    });
    return out;
  }

  function render(list) {
    return tidy(list).join(" ");
  }

  function button(text, className) {
    var b = document.createElement("button");
    b.type = "button";
    b.className = className;
    b.textContent = text;
    return b;
  }

  // Moving a field in the page takes the focus from it (and the keyboard off a phone's screen):
  // note whether it had the focus and where its cursor was, to put both back after the move.
  function caret(input) {
    if (document.activeElement !== input) return function () {};
    var start = input.selectionStart, end = input.selectionEnd, way = input.selectionDirection;
    return function () {
      if (document.activeElement === input) return;
      input.focus({ preventScroll: true });
      try { input.setSelectionRange(start, end, way || "none"); } catch (e) { /* no text selection here */ }
    };
  }

  function enhance(input) {
    if (input.dataset.pickerReady) return;
    input.dataset.pickerReady = "1";
    var deck = SCRIPT ? SCRIPT.dataset : {};
    var packs = parseInt(input.dataset.packs || deck.packs || "1", 10);
    var jokers = parseInt(input.dataset.jokers || deck.jokers || "0", 10);
    var melds = input.hasAttribute("data-melds");

    var wrap = document.createElement("div");
    wrap.className = "cards-field";
    var keep = caret(input);
    input.parentNode.insertBefore(wrap, input);
    wrap.appendChild(input);
    keep(); // a phone that was typing here before the script ran goes on typing

    var toggle = button(input.dataset.pickLabel || "Pick cards", "picker-toggle secondary");
    toggle.setAttribute("aria-expanded", "false");
    wrap.appendChild(toggle);

    var panel = document.createElement("div");
    panel.className = "picker";
    panel.hidden = true;
    panel.setAttribute("role", "group");
    panel.setAttribute("aria-label", input.dataset.deckLabel || "Deck");
    var id = input.id ? input.id + "-picker" : "";
    if (id) {
      panel.id = id;
      toggle.setAttribute("aria-controls", id);
    }
    wrap.appendChild(panel);

    var cardButtons = {};
    SUITS.forEach(function (suit) {
      var row = document.createElement("div");
      row.className = "picker-suit";
      RANKS.forEach(function (rank) {
        var card = rank + suit[0];
        var b = button(rank + suit[1], "pcard " + suit[2]);
        b.dataset.card = card;
        b.setAttribute("aria-pressed", "false");
        row.appendChild(b);
        cardButtons[card] = b;
      });
      panel.appendChild(row);
    });

    var tools = document.createElement("div");
    tools.className = "picker-tools";
    if (jokers > 0) {
      var jb = button(input.dataset.jokerLabel || "Joker", "pcard joker");
      jb.dataset.card = "JK";
      jb.setAttribute("aria-pressed", "false");
      tools.appendChild(jb);
      cardButtons.JK = jb;
    }
    if (melds) {
      var nb = button(input.dataset.nextMeldLabel || "Next meld", "secondary");
      nb.dataset.action = "next-meld";
      tools.appendChild(nb);
    }
    var cb = button(input.dataset.clearLabel || "Clear", "secondary");
    cb.dataset.action = "clear";
    tools.appendChild(cb);
    var db = button(input.dataset.doneLabel || "Done", "secondary");
    db.dataset.action = "done";
    tools.appendChild(db);
    panel.appendChild(tools);

    function copies(card) {
      return card === "JK" ? jokers : packs;
    }

    function sync() {
      var c = counts(tokens(input.value, input));
      var elsewhere = others(input);
      Object.keys(cardButtons).forEach(function (card) {
        var b = cardButtons[card];
        var n = c[card] || 0;
        var taken = elsewhere[card] || [];
        var full = n === 0 && taken.length >= copies(card);
        b.setAttribute("aria-pressed", n > 0 ? "true" : "false");
        b.classList.toggle("used", taken.length > 0);
        b.classList.toggle("exhausted", full);
        b.setAttribute("aria-disabled", full ? "true" : "false");
        if (taken.length) {
          b.title = (input.dataset.usedLabel || deck.usedLabel || "Used: {names}").replace("{names}", taken.join(", "));
        } else {
          b.removeAttribute("title");
        }
        var badge = b.querySelector(".count");
        if (copies(card) > 1 && n > 0) {
          if (!badge) {
            badge = document.createElement("span");
            badge.className = "count";
            b.appendChild(badge);
          }
          badge.textContent = "\u00d7" + n;
        } else if (badge) {
          badge.remove();
        }
      });
    }

    function write(list) {
      input.value = render(list);
      input.dispatchEvent(new Event("input", { bubbles: true }));
      input.dispatchEvent(new Event("change", { bubbles: true }));
      sync();
    }

    toggle.addEventListener("click", function () {
      var open = panel.hidden;
      panel.hidden = !open;
      toggle.setAttribute("aria-expanded", open ? "true" : "false");
      if (open) sync();
    });

    panel.addEventListener("click", function (event) {
      var b = event.target.closest("button");
      if (!b || !panel.contains(b)) return;
      var list = tokens(input.value, input);
      if (b.dataset.action === "clear") return write([]);
      if (b.dataset.action === "next-meld") return write(list.concat(["/"]));
      if (b.dataset.action === "done") {
        panel.hidden = true;
        toggle.setAttribute("aria-expanded", "false");
        toggle.focus();
        return;
      }
      var card = b.dataset.card;
      if (!card) return;
      var have = counts(list)[card] || 0;
      var free = copies(card) - (others(input)[card] || []).length;
      if (have === 0 && free <= 0) return; // every copy is in another hand already
      if (have < free) {
        list.push(card);
      } else {
        list = list.filter(function (t) {
          return t !== card && !(card === "JK" && t.indexOf("=") > 0);
        });
      }
      write(list);
    });

    input.addEventListener("input", sync);
    input.rummySync = sync;
    sync();
  }

  // Who else holds each card in this form: {"KH": ["Bob", "Cy"]} (one name per copy).
  function others(input) {
    var used = {};
    var root = input.form || document;
    root.querySelectorAll("input[data-cards], textarea[data-cards]").forEach(function (other) {
      if (other === input) return;
      var who = owner(other);
      tokens(other.value, other).forEach(function (t) {
        if (t === "/") return;
        var key = t.indexOf("=") > 0 ? "JK" : t;
        (used[key] = used[key] || []).push(who);
      });
    });
    return used;
  }

  function owner(input) {
    if (input.dataset.player) return input.dataset.player;
    var seat = input.closest("[data-seat]");
    var heading = seat && seat.querySelector("h3, legend");
    if (heading) return heading.textContent.trim();
    var box = input.closest("fieldset");
    var legend = box && box.querySelector("legend");
    return legend ? legend.textContent.trim() : "";
  }

  // A card typed or picked in one field greys it out in the other fields' pickers.
  document.addEventListener("input", function (event) {
    var t = event.target;
    if (!t || !t.hasAttribute || !t.hasAttribute("data-cards")) return;
    var root = t.form || document;
    root.querySelectorAll("input[data-cards], textarea[data-cards]").forEach(function (other) {
      if (other !== t && other.rummySync) other.rummySync();
    });
  });

  function scan(root) {
    (root || document).querySelectorAll("input[data-cards], textarea[data-cards]").forEach(enhance);
  }

  if (window.htmx) {
    window.htmx.onLoad(scan);
  } else if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", function () {
      scan(document);
    });
  } else {
    scan(document);
  }
  // htmx may load after this script (both are deferred): catch its swaps too.
  document.addEventListener("htmx:load", function (event) {
    scan(event.target);
  });
})();
