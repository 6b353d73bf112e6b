/* Rummy Table without signal: installs the service worker, shows when the connection is
 * gone and back, and keeps hands saved without a connection in a queue on this phone.
 *
 * A hand form carries a one-time request_id. Saved while offline, its post (with that
 * request_id) waits in localStorage, shown as "waiting to send", and is sent once when the
 * connection returns; the server records a request_id once, so a resend can never count a
 * hand twice. A hand the server refuses goes back into the form's draft, with a link to it.
 */
(function () {
  "use strict";

  var QUEUE = "rt-queue";
  var USED = "rt-used-ids";
  var script = document.currentScript;
  var sending = false;
  var retries = 0;

  function store() {
    try {
      return window.localStorage;
    } catch (e) {
      return null;
    }
  }

  function load(name) {
    var s = store();
    if (!s) return [];
    try {
      return JSON.parse(s.getItem(name) || "[]") || [];
    } catch (e) {
      return [];
    }
  }

  function save(name, list) {
    var s = store();
    if (!s) return;
    try {
      s.setItem(name, JSON.stringify(list));
    } catch (e) {
      /* storage full */
    }
  }

  function box() {
    return document.getElementById("net-status");
  }

  function text(name, n) {
    var el = box();
    return ((el && el.dataset[name]) || "").replace("{n}", n == null ? "" : n);
  }

  var flash = null;

  function render(line) {
    var el = box();
    if (!el) return;
    var queue = load(QUEUE);
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
          forget(entry.id);
        });
        li.appendChild(a);
      }
      ul.appendChild(li);
    });
    el.classList.toggle("offline", offline);
    el.hidden = !message && queue.length === 0;
  }

  function forget(id) {
    save(QUEUE, load(QUEUE).filter(function (e) { return e.id !== id; }));
  }

  function update(id, changes) {
    save(QUEUE, load(QUEUE).map(function (e) {
      if (e.id !== id) return e;
      Object.keys(changes).forEach(function (k) { e[k] = changes[k]; });
      return e;
    }));
  }

  function newId() {
    if (window.crypto && window.crypto.randomUUID) return window.crypto.randomUUID().replace(/-/g, "");
    return String(Date.now()) + String(Math.random()).slice(2);
  }

  // Queue the hand form's post instead of letting the browser fail on it.
  // `resend`: this very post may have reached the server already, so it keeps its request_id.
  function queue(form, resend) {
    var data = new FormData(form);
    var used = load(USED);
    var id = String(data.get("request_id") || "");
    var queued = load(QUEUE).some(function (e) { return e.id === id; });
    // A page kept offline may carry a request_id already spent: a new hand needs its own.
    if (!id || queued || (!resend && used.indexOf(id) >= 0)) {
      id = newId();
      data.set("request_id", id);
    }
    var marker = document.querySelector("[data-draft-key]");
    var key = marker ? marker.dataset.draftKey : null;
    var draft = key && window.RummyDraft ? window.RummyDraft.read(key) : null;
    var entry = {
      id: id,
      url: form.action,
      body: new URLSearchParams(data).toString(),
      number: marker ? marker.dataset.handNumber : "",
      gameUrl: marker ? marker.dataset.gameUrl : "",
      formUrl: window.location.pathname,
      draftKey: key,
      draft: draft ? { base: draft.base, values: draft.values } : null,
      state: "waiting",
      at: Date.now(),
    };
    var list = load(QUEUE);
    list.push(entry);
    save(QUEUE, list);
    used.push(id);
    save(USED, used.slice(-100));
    if (key && window.RummyDraft) window.RummyDraft.forget(key);
    return entry;
  }

  function send(entry) {
    update(entry.id, { state: "sending", since: Date.now() });
    render();
    var token = new URLSearchParams(entry.body).get("csrfmiddlewaretoken") || "";
    // A request on a connection that just came back can hang: give up on it after a while
    // (the request_id makes the next try safe even if this one got through).
    var abort = window.AbortController ? new AbortController() : null;
    var timer = abort ? setTimeout(function () { abort.abort(); }, 8000) : null;
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
        forget(entry.id); // recorded (or recorded before: the request_id says so)
        return { sent: entry };
      }
      if (response.status >= 500 || response.status === 429 || response.status === 408) {
        update(entry.id, { state: "waiting" });
        return { retry: true };
      }
      // The server refused it (an entry it cannot score, no right to edit): back to the form.
      update(entry.id, { state: "refused" });
      if (entry.draftKey && entry.draft && window.RummyDraft) {
        window.RummyDraft.keep(entry.draftKey, entry.draft.base, entry.draft.values);
      }
      return { refused: entry };
    }).catch(function () {
      if (timer) clearTimeout(timer);
      update(entry.id, { state: "waiting" });
      return { retry: true };
    });
  }

  // Send every waiting hand, one at a time and in the order they were saved.
  function flush() {
    if (sending || navigator.onLine === false) return;
    var now = Date.now();
    var waiting = load(QUEUE).filter(function (e) {
      return e.state === "waiting" || (e.state === "sending" && now - (e.since || 0) > 20000);
    });
    if (!waiting.length) return;
    sending = true;
    var sent = [];
    var chain = Promise.resolve({});
    waiting.forEach(function (entry) {
      chain = chain.then(function (last) {
        if (last.retry) return last; // the connection dropped again: stop, keep the order
        return send(entry).then(function (result) {
          if (result.sent) sent.push(result.sent);
          return result;
        });
      });
    });
    chain.then(function (last) {
      sending = false;
      if (last && last.retry) {
        // A connection that just came back often fails its first request: try again soon.
        retries += 1;
        // Every second and a half at first, then backing off to half a minute.
        setTimeout(flush, retries <= 8 ? 1500 : Math.min(1500 * Math.pow(2, retries - 8), 30000));
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

  document.addEventListener("submit", function (event) {
    var form = event.target;
    var field = form && form.querySelector("input[name=request_id]");
    if (!field) return;
    var submitter = event.submitter;
    if (submitter && submitter.hasAttribute("formaction")) return; // preview needs the server
    if (navigator.onLine !== false) {
      // Remember every request_id this phone sends: a copy of this page kept for offline use
      // carries the same one, and must not pass a new hand off as this one.
      var used = load(USED);
      if (used.indexOf(field.value) < 0) used.push(field.value);
      save(USED, used.slice(-100));
      return;
    }
    event.preventDefault();
    event.stopImmediatePropagation(); // htmx must not try to post it either
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
    if (event.key === QUEUE) render();
  });

  function ready() {
    render();
    flush();
    // While hands wait, try again now and then (a connection can return without an event).
    setInterval(function () {
      if (load(QUEUE).length) flush();
    }, 15000);
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
