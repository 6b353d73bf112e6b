/* Rummy Table without signal: installs the service worker, shows when the connection is
 * gone and back, and keeps hands saved without a connection in a queue on this phone.
 *
 * A hand form carries a one-time request_id. Saved while offline, its post (with that
 * request_id) waits in the queue (store.js), shown as "waiting to send", and is sent once when
 * the connection returns; the server records a request_id once, so a resend can never count a
 * hand twice. A hand the server refuses goes back into the form's draft, with a link to it.
 *
 * The game page counts what waits: a queued hand is in the hand list (marked waiting), the
 * next hand's number follows it, undo takes it back out of the queue before any saved hand,
 * and the totals include it, marked provisional, when the form had the server's preview of
 * exactly what was saved (the preview carries the totals after the hand, worked out by the
 * server: nothing is scored here). Two queued hands never carry one number.
 */
(function () {
  "use strict";

  var store = window.RummyStore;
  var script = document.currentScript;
  var sending = false;
  var retries = 0;

  // A post on a connection that just came back can hang: give up on it after this long
  // (its request_id makes the next try safe even if this one got through).
  var SEND_TIMEOUT_MS = 8000;
  // A hand left "sending" this long (the page closed mid-send) is sent again.
  var STALE_SENDING_MS = 20000;
  // After a failed send: retry every RETRY_MS for RETRY_FAST tries, then back off to RETRY_MAX_MS.
  var RETRY_MS = 1500;
  var RETRY_FAST = 8;
  var RETRY_MAX_MS = 30000;
  // While hands wait, try again this often (a connection can return without an event).
  var RECHECK_MS = 15000;
  // The Web Lock a tab holds while it sends the queue (see flush).
  var FLUSH_LOCK = "rt-queue-flush";
  // Form fields that are no part of the hand itself.
  var NOT_THE_HAND = ["csrfmiddlewaretoken", "request_id", "entering", "save"];

  function box() {
    return document.getElementById("net-status");
  }

  function fill(template, n) {
    return (template || "").replace("{n}", n == null ? "" : n);
  }

  function text(name, n) {
    var el = box();
    return fill(el && el.dataset[name], n);
  }

  // What a form holds of the hand, in a stable order: two equal strings are the same hand.
  function handFields(form) {
    var pairs = [];
    new FormData(form).forEach(function (value, name) {
      if (NOT_THE_HAND.indexOf(name) < 0 && typeof value === "string") pairs.push([name, value]);
    });
    pairs.sort(function (a, b) { return a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] < b[1] ? -1 : 1; });
    return new URLSearchParams(pairs).toString();
  }

  // The hands of this game that still count as waiting (a refused one is back in its form).
  function pendingOf(gameUrl) {
    return store.queue.ofGame(gameUrl).filter(function (e) { return e.state !== "refused"; });
  }

  // How many hands of a game are saved, by the newest state this phone has seen: this page's
  // (`hands` at `stamp`) or a newer one's (a form kept for offline use is older than the game
  // page seen since it was kept).
  function savedHands(gameUrl, hands, stamp, dealer) {
    return store.known.see(gameUrl, hands, parseFloat(stamp) || 0, dealer).hands;
  }

  // Who deals hand `n` of a game, by the newest state this phone knows: the server's preview
  // of the waiting hand before it, or the game page that showed n - 1 hands saved; null when
  // neither says (the server's rotation decides when the hand is sent).
  function dealerOf(gameUrl, n) {
    var before = pendingOf(gameUrl).filter(function (e) { return parseInt(e.number, 10) === n - 1; })[0];
    if (before) return before.preview && before.preview.after && before.preview.after.dealer || null;
    var known = store.known.get(gameUrl);
    return known && known.hands === n - 1 ? known.dealer || null : null;
  }

  // The number the next hand of a game gets: after the saved hands and after every queued one.
  function nextNumber(gameUrl, saved) {
    var n = saved;
    pendingOf(gameUrl).forEach(function (e) {
      n = Math.max(n, parseInt(e.number, 10) || 0);
    });
    return n + 1;
  }

  var flash = null;

  function render(line) {
    var el = box();
    if (el) {
      var queue = store.queue.all();
      var p = el.querySelector(".net-line");
      var ul = el.querySelector(".net-queue");
      if (line !== undefined) flash = line;
      var offline = navigator.onLine === false;
      var message = offline ? text("offline") : flash || "";
      p.textContent = message;
      p.hidden = !message;
      ul.textContent = "";
      queue.forEach(function (entry) {
        var li = document.createElement("li");
        li.className = "queued " + entry.state;
        li.dataset.requestId = entry.id;
        // "Sending" is still waiting, as far as the table is concerned, until the server answers.
        var which = entry.state === "refused" ? "refused" : "waiting";
        li.appendChild(document.createTextNode(text(which, entry.number) + " "));
        if (entry.state === "refused" && entry.formUrl) {
          var a = document.createElement("a");
          a.href = entry.formUrl;
          a.textContent = text("open");
          a.addEventListener("click", function () {
            store.queue.forget(entry.id);
          });
          li.appendChild(a);
        }
        ul.appendChild(li);
      });
      el.classList.toggle("offline", offline);
      el.hidden = !message && queue.length === 0;
    }
    showOnGame();
    showOnForm();
  }

  // ---- The game page: the queued hands where the table looks for them. ----

  function element(tag, className, content) {
    var el = document.createElement(tag);
    if (className) el.className = className;
    if (content != null) el.textContent = content;
    return el;
  }

  function queuedItem(entry, words) {
    var li = element("li", "hand queued-hand");
    li.id = "queued-" + entry.id;
    li.dataset.requestId = entry.id;
    var header = element("header");
    header.appendChild(element("h3", null, fill(words.hand, entry.number)));
    header.appendChild(element("span", "badge waiting-badge", words.badge));
    li.appendChild(header);
    var preview = entry.preview;
    if (preview) {
      var deltas = element("ul", "deltas");
      preview.deltas.forEach(function (d) {
        var item = element("li", null, d[0] + " ");
        item.appendChild(element("strong", d[2], d[1]));
        deltas.appendChild(item);
      });
      li.appendChild(deltas);
      var lines = element("ul", "explanation small");
      preview.lines.forEach(function (t) { lines.appendChild(element("li", null, t)); });
      li.appendChild(lines);
    } else {
      li.appendChild(element("p", "muted small", words.unscored));
    }
    return li;
  }

  function showOnGame() {
    var board = document.getElementById("scoreboard");
    if (!board || !board.dataset.gameUrl) return;
    var words = board.dataset;
    var dealing = board.querySelector("table.scoreboard tr.deals");
    var saved = savedHands(words.gameUrl, parseInt(words.hands, 10) || 0, words.stamp,
      dealing ? dealing.dataset.name : null);
    var pending = pendingOf(words.gameUrl);
    board.querySelectorAll(".queued-hand, .queued-note, .queued-undo").forEach(function (el) {
      el.remove();
    });
    board.querySelectorAll(".queued-deal").forEach(function (el) {
      el.textContent = el.dataset.saved;
      el.classList.remove("queued-deal");
    });
    board.querySelectorAll(".total[data-saved]").forEach(function (td) {
      td.textContent = td.dataset.saved;
      td.classList.remove("provisional");
    });
    var next = nextNumber(words.gameUrl, saved);
    board.querySelectorAll("[data-enter]").forEach(function (a) {
      a.textContent = fill(a.dataset.enter, next);
    });
    // "Hand 3 of 5" beside "Enter hand 5": the progress follows the waiting hands too.
    board.querySelectorAll("[data-progress]").forEach(function (el) {
      el.textContent = fill(el.dataset.progress, next);
    });
    var undo = board.querySelector(".undo-bar");
    if (undo) undo.hidden = pending.length > 0;
    board.classList.toggle("has-queued", pending.length > 0);
    if (!pending.length) return;

    // The list of hands, newest first: the queued ones on top.
    var list = board.querySelector("ol.hands");
    if (!list) {
      var none = board.querySelector(".no-hands");
      list = element("ol", "hands");
      list.setAttribute("reversed", "");
      if (none) {
        none.hidden = true;
        none.parentNode.insertBefore(list, none);
      }
    }
    pending.forEach(function (entry) {
      list.insertBefore(queuedItem(entry, words), list.firstChild);
    });

    // Totals: with the server's totals after the first waiting hand, if it previewed exactly
    // that hand on exactly these saved hands. Later waiting hands are not in them.
    var first = pending[0];
    var counted = first.preview && first.preview.after && first.preview.after.base === saved;
    var table = board.querySelector("table.scoreboard");
    if (counted && table) {
      table.querySelectorAll("tbody tr[data-name]").forEach(function (tr) {
        var td = tr.querySelector(".total");
        var after = first.preview.after.totals[tr.dataset.name];
        if (td && after != null) {
          td.textContent = after;
          td.classList.add("provisional");
        }
      });
    }
    if (table) {
      var note = element("p", "queued-note help");
      var parts = [];
      if (counted) parts.push(fill(words.inTotals, first.number));
      pending.slice(counted ? 1 : 0).forEach(function (e) {
        parts.push(fill(words.notInTotals, e.number));
      });
      note.textContent = parts.join(" ");
      table.parentNode.parentNode.insertBefore(note, table.parentNode.nextSibling);
    }
    // Who deals next: the server's answer for the one waiting hand it previewed, or not known.
    var deal = board.querySelector(".next-deal strong");
    if (deal) {
      if (!deal.dataset.saved) deal.dataset.saved = deal.textContent;
      deal.textContent = counted && pending.length === 1 ? first.preview.after.next : words.nextUnknown;
      deal.classList.add("queued-deal");
    }

    // Undo: the last waiting hand comes out of the queue (one still being sent might already be
    // on the server, so it is not offered until the server has answered).
    var last = pending[pending.length - 1];
    if (last.state === "waiting" && words.undoQueued) {
      var bar = element("div", "undo-bar queued-undo");
      var button = element("button", "secondary wide", fill(words.undoQueued, last.number));
      button.type = "button";
      button.addEventListener("click", function () {
        store.queue.forget(last.id);
        flash = fill(words.undone, last.number);
        render();
      });
      bar.appendChild(button);
      board.insertBefore(bar, board.firstChild);
    }
  }

  // ---- A new hand's form: its number follows the queued hands of the game. ----

  function showOnForm() {
    var marker = document.querySelector("[data-draft-key][data-title-template]");
    if (!marker || marker.dataset.editing) return;
    var saved = savedHands(marker.dataset.gameUrl,
      (parseInt(marker.dataset.handNumber, 10) || 1) - 1, marker.dataset.stamp);
    var n = nextNumber(marker.dataset.gameUrl, saved);
    document.querySelectorAll("[data-hand-title]").forEach(function (el) {
      el.textContent = fill(marker.dataset.titleTemplate, n);
    });
    // The dealer suggested for hand n, not the one of the hand the form was kept for. Shown
    // and suggested alike, so the server's rotation still decides unless the keeper changes it.
    var form = document.getElementById("hand-form");
    var select = form ? form.querySelector("select[name=dealer]") : null;
    var shown = form ? form.querySelector("input[name=dealer-shown]") : null;
    var dealer = dealerOf(marker.dataset.gameUrl, n);
    if (!select || !dealer || select.dataset.touched) return;
    if (!Array.prototype.some.call(select.options, function (o) { return o.value === dealer; })) return;
    select.value = dealer;
    if (shown) shown.value = dealer;
  }

  document.addEventListener("change", function (event) {
    var el = event.target;
    if (el && el.matches && el.matches("select[name=dealer]")) el.dataset.touched = "1";
  });

  // ---- The queue. ----

  function newId() {
    if (window.crypto && window.crypto.randomUUID) return window.crypto.randomUUID().replace(/-/g, "");
    return String(Date.now()) + String(Math.random()).slice(2);
  }

  // The server's preview on the page, if it is of exactly this hand (the fields it was asked
  // about equal the form's now): the deltas and explanation as the server wrote them, and
  // the totals after the hand (also the server's).
  function previewOf(form) {
    var section = document.getElementById("preview");
    if (!section || section.hidden || section.dataset.fields !== handFields(form)) return null;
    var deltas = [];
    section.querySelectorAll(".deltas li").forEach(function (li) {
      var strong = li.querySelector("strong");
      var name = li.firstChild && li.firstChild.nodeType === 3 ? li.firstChild.nodeValue.trim() : "";
      deltas.push([name, strong ? strong.textContent : "", strong ? strong.className : ""]);
    });
    var lines = [];
    section.querySelectorAll(".explanation li").forEach(function (li) {
      lines.push(li.textContent.replace(/\s+/g, " ").trim());
    });
    var after = null;
    var kept = section.querySelector(".preview-after");
    if (kept) {
      var totals = {};
      kept.querySelectorAll("[data-player]").forEach(function (el) {
        totals[el.dataset.player] = el.dataset.total;
      });
      var next = kept.querySelector(".after-next");
      after = {
        base: parseInt(kept.dataset.base, 10),
        totals: totals,
        next: next ? next.textContent.replace(/\s+/g, " ").trim() : "",
        dealer: kept.dataset.dealer || null,
      };
    }
    return { deltas: deltas, lines: lines, after: after };
  }

  // Queue the hand form's post instead of letting the browser fail on it.
  // `resend`: this very post may have reached the server already, so it keeps its request_id.
  function queue(form, resend) {
    var data = new FormData(form);
    var id = String(data.get("request_id") || "");
    // A page kept offline may carry a request_id already spent: a new hand needs its own.
    if (!id || store.queue.has(id) || (!resend && store.sent.has(id))) {
      id = newId();
      data.set("request_id", id);
    }
    var marker = document.querySelector("[data-draft-key]");
    var gameUrl = marker ? marker.dataset.gameUrl : "";
    var editing = marker && marker.dataset.editing;
    var formNumber = marker ? parseInt(marker.dataset.handNumber, 10) || 1 : 1;
    // A new hand follows the saved and the queued ones; a correction keeps its number.
    var number = editing ? formNumber
      : nextNumber(gameUrl, savedHands(gameUrl, formNumber - 1, marker && marker.dataset.stamp));
    // The hand this phone meant: if another phone saved that number first, the server records
    // nothing (409) and the hand comes back to its form instead of counting twice.
    if (!editing) data.set("entering", String(number));
    var body = new URLSearchParams(data).toString();
    var entry = {
      id: id,
      url: form.action,
      body: body,
      number: number,
      gameUrl: gameUrl,
      formUrl: window.location.pathname,
      draftKey: marker ? marker.dataset.draftKey : null,
      draftBase: marker ? marker.dataset.draftBase : "",
      preview: editing ? null : previewOf(form),
      state: "waiting",
      at: Date.now(),
    };
    store.queue.add(entry);
    store.sent.add(id);
    return entry;
  }

  // A refused hand goes back to its form as a draft: what was posted, field by field.
  function backToDraft(entry) {
    if (!entry.draftKey) return;
    var values = [];
    new URLSearchParams(entry.body).forEach(function (value, name) {
      if (["csrfmiddlewaretoken", "save", "entering"].indexOf(name) < 0) values.push([name, value, true]);
    });
    store.drafts.write(entry.draftKey, {
      base: entry.draftBase, values: values, at: Date.now(), submitted: false,
    });
  }

  function send(entry) {
    store.queue.update(entry.id, { state: "sending", since: Date.now() });
    render();
    var token = new URLSearchParams(entry.body).get("csrfmiddlewaretoken") || "";
    var abort = window.AbortController ? new AbortController() : null;
    var timer = abort ? setTimeout(function () { abort.abort(); }, SEND_TIMEOUT_MS) : null;
    return fetch(entry.url, {
      signal: abort ? abort.signal : undefined,
      method: "POST",
      body: entry.body,
      credentials: "same-origin",
      redirect: "manual",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        "X-CSRFToken": token,
      },
    }).then(function (response) {
      if (timer) clearTimeout(timer);
      if (response.type === "opaqueredirect" || (response.status >= 300 && response.status < 400)) {
        store.queue.forget(entry.id); // recorded (or recorded before: the request_id says so)
        return { sent: entry };
      }
      if (response.status >= 500 || response.status === 429 || response.status === 408) {
        store.queue.update(entry.id, { state: "waiting" });
        return { retry: true };
      }
      // The server refused it (an entry it cannot score, no right to edit): back to the form.
      store.queue.update(entry.id, { state: "refused" });
      backToDraft(entry);
      return { refused: entry };
    }).catch(function () {
      if (timer) clearTimeout(timer);
      store.queue.update(entry.id, { state: "waiting" });
      return { retry: true };
    });
  }

  // Send every waiting hand, one at a time and in the order they were saved. Two tabs of one
  // phone share the queue: where the browser has Web Locks (a secure context), one tab sends
  // at a time and the next reads the queue afresh once the first is done, so a hand is never
  // posted by both (another tab's "sending" mark can reach this one late).
  function flush() {
    if (sending || navigator.onLine === false) return;
    if (!store.queue.all().length) return;
    sending = true;
    if (navigator.locks && navigator.locks.request) {
      navigator.locks.request(FLUSH_LOCK, sendWaiting).catch(function () { sending = false; });
    } else {
      sendWaiting();
    }
  }

  function sendWaiting() {
    var now = Date.now();
    var waiting = store.queue.all().filter(function (e) {
      return e.state === "waiting" || (e.state === "sending" && now - (e.since || 0) > STALE_SENDING_MS);
    });
    if (!waiting.length) {
      sending = false;
      return Promise.resolve();
    }
    var sent = [];
    var chain = Promise.resolve({});
    waiting.forEach(function (entry) {
      chain = chain.then(function (last) {
        if (last.retry) return last; // the connection dropped again: stop, keep the order
        if (!store.queue.has(entry.id)) return last; // taken back (undo) meanwhile
        return send(entry).then(function (result) {
          if (result.sent) sent.push(result.sent);
          return result;
        });
      });
    });
    return chain.then(function (last) {
      sending = false;
      if (last && last.retry) {
        // A connection that just came back often fails its first request: try again soon.
        retries += 1;
        var wait = retries <= RETRY_FAST ? RETRY_MS
          : Math.min(RETRY_MS * Math.pow(2, retries - RETRY_FAST), RETRY_MAX_MS);
        setTimeout(flush, wait);
      } else {
        retries = 0;
      }
      if (sent.length) {
        render(sent.map(function (e) { return text("sent", e.number); }).join(" "));
        var here = window.location.pathname;
        if (sent.some(function (e) { return e.gameUrl === here; })) window.location.reload();
      } else {
        render();
      }
    });
  }

  // Capture phase on the document, before htmx (which listens on the form) sees the submit.
  // stopPropagation keeps it from the form only: draft.js's listener on the document still
  // runs, whichever script loaded first.
  document.addEventListener("submit", function (event) {
    var form = event.target;
    var field = form && form.querySelector("input[name=request_id]");
    if (!field) return;
    var submitter = event.submitter;
    if (submitter && submitter.hasAttribute("formaction")) return; // preview needs the server
    if (navigator.onLine !== false) {
      // Remember every request_id this phone sends: a copy of this page kept for offline use
      // carries the same one, and must not pass a new hand off as this one.
      store.sent.add(field.value);
      return;
    }
    event.preventDefault();
    event.stopPropagation(); // htmx must not try to post it either
    park(form);
  }, true);

  function park(form, resend) {
    if (form.dataset.parked) return; // a second tap on the same page: queued once already
    var entry = queue(form, resend);
    form.dataset.parked = entry.id;
    render();
    if (entry.gameUrl) window.location.assign(entry.gameUrl);
  }

  // Online as far as the phone knows, but the save never reached the server (a dropped
  // connection): queue it the same way instead of losing it.
  document.addEventListener("htmx:sendError", function (event) {
    var elt = event.detail && event.detail.elt;
    var form = elt && (elt.tagName === "FORM" ? elt : elt.form);
    if (!form || !form.querySelector("input[name=request_id]")) return;
    var path = event.detail.requestConfig && event.detail.requestConfig.path;
    if (path && new URL(path, window.location.href).pathname !== new URL(form.action).pathname) return;
    park(form, true);
  });

  // Each preview the server draws is stamped with the fields it was asked about, so a queued
  // hand carries it only if it is of that very hand.
  var asked = null;
  document.addEventListener("htmx:beforeRequest", function (event) {
    var elt = event.detail && event.detail.elt;
    var form = elt && (elt.tagName === "FORM" ? elt : elt.form || (elt.closest && elt.closest("form")));
    if (form && form.id === "hand-form") asked = handFields(form);
  });
  document.addEventListener("htmx:afterSettle", function () {
    var section = document.getElementById("preview");
    if (section && asked !== null && !section.dataset.fields) section.dataset.fields = asked;
  });

  // The scoreboard redraws itself (the poll, the stream, a save in place): count the queue in
  // again, and have the worker keep the game page anew (see keepAnew).
  document.addEventListener("htmx:load", function (event) {
    var root = event.target;
    if (root && (root.id === "scoreboard" || (root.querySelector && root.querySelector("#scoreboard")))) {
      showOnGame();
      if (root !== document.body) keepAnew(); // not the page's first load: that one was kept
    }
  });

  // The worker keeps a page as it was last loaded; the game page changes in place (a save, a
  // hand from another phone), so without this the copy opened without signal would miss every
  // hand saved since. Only a phone that keeps score asks (one GET a change): viewers enter
  // nothing offline, and there are many of them.
  function keepAnew() {
    var worker = navigator.serviceWorker && navigator.serviceWorker.controller;
    var board = document.getElementById("scoreboard");
    if (!worker || navigator.onLine === false || !board) return;
    if (board.dataset.gameUrl !== window.location.pathname || !board.querySelector("[data-enter]")) return;
    worker.postMessage({ keep: window.location.pathname });
  }

  window.addEventListener("online", function () {
    retries = 0;
    render(text("online"));
    flush();
  });
  window.addEventListener("offline", function () {
    flash = null;
    render();
  });
  window.addEventListener("storage", function (event) {
    if (event.key === store.queue.NAME) render();
  });

  function ready() {
    render();
    flush();
    setInterval(function () {
      if (store.queue.all().length) flush();
    }, RECHECK_MS);
  }

  if ("serviceWorker" in navigator && script && script.dataset.sw) {
    window.addEventListener("load", function () {
      navigator.serviceWorker.register(script.dataset.sw, { scope: "/" }).catch(function () {});
    });
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", ready);
  } else {
    ready();
  }
})();
