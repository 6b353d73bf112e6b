/* Rummy Table live pages: the scoreboard follows the game's event stream (Server-Sent Events,
 * [data-events]): each change of the game comes as an event with the game's version, and the
 * scoreboard asks for its new self at once (one request, in place). While the stream is open
 * the scoreboard does not poll; when the stream cannot be held (a proxy that cuts it, a server
 * without it, the phone offline) the polling below carries on as before, and the stream is
 * tried again. The stream only says "changed": the scoreboard itself always comes from the
 * server, so a phone that lost the stream never shows a hand twice or misses one.
 *
 * Polling: a polling element carries the ETag of what it shows, and asks the
 * server for a new version only if there is one. The server answers 304 Not Modified (no body,
 * no swap) when nothing changed; the htmx-config meta in base.html tells htmx not to swap 304s.
 * A hidden page does not poll; shown again, it asks at once (the "rt-visible" trigger).
 *
 * The screen stays on while a game page ([data-wake-lock]) is visible: a Screen Wake Lock,
 * released when the page is hidden (the browser does it too) and asked for again when it is
 * shown. Browsers without it, or that refuse it (battery saver), simply let the screen sleep.
 */
(function () {
  "use strict";

  var lock = null;

  function wanted() {
    return document.visibilityState === "visible" && document.querySelector("[data-wake-lock]");
  }

  function keepAwake() {
    if (!("wakeLock" in navigator) || lock || !wanted()) return;
    navigator.wakeLock.request("screen").then(function (sentinel) {
      lock = sentinel;
      document.documentElement.dataset.wakeLock = "on";
      sentinel.addEventListener("release", function () {
        lock = null;
        document.documentElement.dataset.wakeLock = "off";
      });
    }).catch(function () {
      /* refused or unsupported here: the screen may sleep, nothing else changes */
    });
  }

  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState === "visible") {
      keepAwake();
      document.querySelectorAll("[data-etag]").forEach(function (el) {
        el.dispatchEvent(new CustomEvent("rt-visible"));
      });
    } else if (lock) {
      // Forgotten at once: the browser releases it too, and the page shown again asks anew
      // even where no "release" event came.
      var held = lock;
      lock = null;
      held.release().catch(function () {});
    }
  });
  document.addEventListener("DOMContentLoaded", keepAwake);
  // Back to a page the browser kept in memory (the back-forward cache): ask for news at once.
  window.addEventListener("pageshow", function (event) {
    if (!event.persisted) return;
    keepAwake();
    document.querySelectorAll("[data-etag]").forEach(function (el) {
      el.dispatchEvent(new CustomEvent("rt-visible"));
    });
  });

  // -- the stream --
  var source = null;
  var streaming = false; // open and heard from: polls are not needed
  var asked = false; // the next scoreboard request is one the stream (or the page) asked for
  var retryTimer = null;

  function board() {
    return document.getElementById("scoreboard");
  }

  function refresh() {
    var el = board();
    if (!el) return;
    asked = true;
    el.dispatchEvent(new CustomEvent("rt-visible"));
  }

  function onState(event) {
    var el = board();
    if (!el) return;
    var data;
    try {
      data = JSON.parse(event.data);
    } catch (e) {
      return;
    }
    el.dataset.streamVersion = String(data.version);
    var shown = parseInt(el.dataset.version || "-1", 10);
    if (data.version <= shown) return;
    // The page already shows this state (the keeper who just saved it): nothing to fetch.
    if (data.etag && (el.dataset.etag || "").indexOf('"' + data.etag + "-") === 0) {
      el.dataset.version = String(data.version);
      return;
    }
    refresh();
  }

  function follow() {
    var el = board();
    if (source || !el || !el.dataset.events || !window.EventSource) return;
    var url = el.dataset.events + "?since=" + encodeURIComponent(el.dataset.version || "");
    source = new EventSource(url);
    source.addEventListener("open", function () {
      streaming = true;
      document.dispatchEvent(new CustomEvent("rt-stream-open"));
      document.documentElement.dataset.live = "stream";
    });
    source.addEventListener("state", onState);
    source.addEventListener("error", function () {
      // Reconnecting (EventSource does it by itself, with Last-Event-ID) or refused: poll
      // meanwhile; a refused stream is tried again a little later.
      streaming = false;
      document.documentElement.dataset.live = "poll";
      if (source && source.readyState === 2) {
        source = null;
        if (!retryTimer) {
          retryTimer = setTimeout(function () {
            retryTimer = null;
            follow();
          }, 15000);
        }
      }
    });
  }

  function stop() {
    if (source) source.close();
    source = null;
    streaming = false;
    document.documentElement.dataset.live = "poll";
  }

  // A phone that lost its network may keep a dead connection open for minutes: drop it, and
  // open a new stream (from the version shown, so what changed meanwhile comes at once) when
  // the network is back, or when the page is shown again after a while hidden.
  window.addEventListener("offline", stop);
  window.addEventListener("online", function () {
    stop();
    follow();
  });
  var hiddenSince = null;
  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState === "hidden") {
      hiddenSince = Date.now();
    } else if (hiddenSince !== null && Date.now() - hiddenSince > 30000) {
      hiddenSince = null;
      stop();
      follow();
    }
  });

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", follow);
  } else {
    follow();
  }
  // The keeper's page becomes the game page in place after a save: follow from there.
  document.addEventListener("htmx:load", function () {
    follow();
  });

  // A hidden page's poll is not sent (nobody is looking); it catches up when shown. While the
  // stream is open, the timed polls are not sent either: the stream says when to ask.
  document.addEventListener("htmx:beforeRequest", function (event) {
    var elt = event.detail && event.detail.elt;
    if (!elt || !elt.dataset || !elt.dataset.etag) return;
    if (document.visibilityState === "hidden") {
      event.preventDefault();
    } else if (streaming && !asked && event.detail.requestConfig &&
               !event.detail.requestConfig.triggeringEvent) {
      event.preventDefault();
    }
    asked = false;
  });

  // A poll that brings a new scoreboard keeps the message the page was showing ("Hand 3
  // saved."): it is news for this phone until the page is left, not for the next 2 s only.
  var message = null;
  document.addEventListener("htmx:beforeSwap", function (event) {
    var elt = event.detail && event.detail.elt;
    if (!elt || !elt.dataset || !elt.dataset.etag) return;
    var shown = elt.querySelector(".messages");
    message = shown ? shown.cloneNode(true) : null;
  });
  document.addEventListener("htmx:load", function (event) {
    var root = event.target;
    if (!message || !root || !root.dataset || !root.dataset.etag) return;
    if (!root.querySelector(".messages")) {
      var anchor = root.querySelector(".main-actions, .watching");
      if (anchor) anchor.insertAdjacentElement("afterend", message);
    }
    message = null;
  });

  // A viewer following a game the table plays again: when the rematch appears on the
  // scoreboard (it was not there when the page opened), the phone follows the table to it,
  // keeping its view (the table mode).
  var rematchAtLoad = null;
  document.addEventListener("DOMContentLoaded", function () {
    rematchAtLoad = !!document.querySelector("[data-rematch-follow]");
  });
  document.addEventListener("htmx:load", function (event) {
    var root = event.target;
    if (rematchAtLoad !== false || !root || !root.querySelector) return;
    var link = root.querySelector("[data-rematch-follow]");
    if (!link) return;
    rematchAtLoad = true;
    window.location.assign(link.getAttribute("href") + window.location.search);
  });

  document.addEventListener("htmx:configRequest", function (event) {
    var elt = event.detail.elt;
    if (elt && elt.dataset && elt.dataset.etag && event.detail.verb === "get") {
      event.detail.headers["If-None-Match"] = elt.dataset.etag;
    }
  });

  // -- a lost connection, marked --
  // A phone that cannot reach the server (offline, or the server down while the network is
  // up) says so over the scoreboard, and the totals are greyed: on a room's TV old scores
  // must not pass for the game. The next answer from the server (a poll, even a 304, or the
  // stream opening) takes the mark away.
  function connection(lost) {
    var note = document.querySelector(".connection-lost");
    if (note) note.hidden = !lost;
    if (lost) document.documentElement.dataset.connection = "lost";
    else delete document.documentElement.dataset.connection;
  }
  window.addEventListener("offline", function () { connection(true); });
  document.addEventListener("htmx:sendError", function (event) {
    var elt = event.detail && event.detail.elt;
    if (elt && elt.id === "scoreboard") connection(true);
  });
  document.addEventListener("htmx:afterRequest", function (event) {
    var elt = event.detail && event.detail.elt;
    var xhr = event.detail && event.detail.xhr;
    if (!elt || elt.id !== "scoreboard" || !xhr || !xhr.status) return;
    connection(xhr.status >= 500);
  });
  document.addEventListener("rt-stream-open", function () { connection(false); });

  // -- what changed, said aloud, and the keeper's eyes after a Save --
  // The live region (#announcer, in base.html from the start) says the latest hand as the
  // server wrote it (the scoreboard's data-announce: "Hand 7 saved: Ann +35 (410), ...").
  // The keeper hears their own Save at once; a watching phone hears at most one sentence every
  // few seconds, the latest one (hands that came meanwhile are in the totals it reads).
  var QUIET_MS = 5000;
  var said = null; // the sentence the page showed or said last
  var saidAt = -Infinity;
  var waiting = null;
  var quietTimer = null;

  function speak(text) {
    var region = document.getElementById("announcer");
    if (!region) return;
    said = text;
    saidAt = Date.now();
    waiting = null;
    region.textContent = "";
    region.textContent = text;
  }

  function sayLater(text) {
    waiting = text;
    if (quietTimer) return;
    var wait = saidAt + QUIET_MS - Date.now();
    if (wait <= 0) return speak(text);
    quietTimer = setTimeout(function () {
      quietTimer = null;
      if (waiting && waiting !== said) speak(waiting);
    }, wait);
  }

  document.addEventListener("DOMContentLoaded", function () {
    var el = board();
    said = el ? el.dataset.announce || null : null; // on screen already: nothing to say
  });

  document.addEventListener("htmx:load", function (event) {
    var root = event.target;
    if (!root || !root.querySelector) return;
    if (root.tagName === "MAIN") {
      // The keeper's Save, answered in place: the totals and the saved hand at the top of the
      // screen, the focus on the next thing to do, and the news said at once.
      var el = root.querySelector("#scoreboard");
      if (!el) return;
      el.scrollIntoView({ block: "start" });
      var next = el.querySelector(".enter-hand") ||
        el.querySelector(".game-over .button, .game-over button:not([hidden])");
      if (next) next.focus({ preventScroll: true });
      if (el.dataset.announce) speak(el.dataset.announce);
    } else if (root.id === "scoreboard") {
      var text = root.dataset.announce;
      if (text && text !== said && text !== waiting) sayLater(text);
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
