/* Rummy Table drafts: what is typed into a hand form stays on this phone until it is saved.
 *
 * A page with a [data-draft-key] element (the hand form page) keeps every named input of its
 * form in localStorage under that key (game, new/edit, hand number) as it is typed, restores it
 * after a reload, a crash or a failed request, and says so. The form's own markup is not
 * known here: any input, select or textarea with a name is kept (not the CSRF token), so the
 * form can change freely. The game page ([data-drafts-done]) throws away the drafts of hands
 * that were saved. Without JavaScript nothing here runs and the form works as before.
 * Storage goes through window.RummyStore (store.js). This script's submit listener and
 * offline.js's are independent: neither reads what the other writes, and offline.js stops the
 * event only from reaching the form (htmx), never the other listeners on the document, so the
 * order in which the two scripts load does not matter.
 */
(function () {
  "use strict";

  var store = window.RummyStore;
  // A draft is written this long after typing stops (and at once on Save or leaving).
  var SAVE_DELAY_MS = 250;

  // The one-time request_id is kept with a draft (a resend of the same hand must carry it) but
  // is no part of what was typed: each page load draws a new one.
  var ID = "request_id";

  function kept(el, withId) {
    if (!el.name || el.disabled) return false;
    if (el.name === "csrfmiddlewaretoken") return false;
    var type = (el.type || "").toLowerCase();
    if (type === "hidden") return withId && el.name === ID;
    return ["submit", "button", "reset", "file", "image"].indexOf(type) < 0;
  }

  // Every kept field as [name, value, checked]; `initial` reads what the server rendered
  // (without the request_id), otherwise what the form holds now (with it).
  function snapshot(form, initial) {
    var out = [];
    Array.prototype.forEach.call(form.elements, function (el) {
      if (!kept(el, !initial)) return;
      var type = (el.type || "").toLowerCase();
      if (type === "checkbox" || type === "radio") {
        out.push([el.name, el.value, initial ? el.defaultChecked : el.checked]);
      } else if (el.tagName === "SELECT") {
        Array.prototype.forEach.call(el.options, function (o) {
          out.push([el.name, o.value, initial ? o.defaultSelected : o.selected]);
        });
      } else {
        out.push([el.name, initial ? el.defaultValue : el.value, null]);
      }
    });
    return out;
  }

  function same(a, b) {
    return JSON.stringify(a) === JSON.stringify(b);
  }

  function typed(values) {
    return values.filter(function (v) { return v[0] !== ID; });
  }

  function apply(form, values) {
    var byName = {};
    values.forEach(function (v) {
      (byName[v[0]] = byName[v[0]] || []).push(v);
    });
    var seen = {};
    Array.prototype.forEach.call(form.elements, function (el) {
      if (!kept(el, true) || !byName[el.name]) return;
      var type = (el.type || "").toLowerCase();
      var list = byName[el.name];
      if (type === "checkbox" || type === "radio") {
        var hit = list.filter(function (v) { return v[1] === el.value; })[0];
        if (hit) el.checked = !!hit[2];
      } else if (el.tagName === "SELECT") {
        Array.prototype.forEach.call(el.options, function (o) {
          var s = list.filter(function (v) { return v[1] === o.value; })[0];
          if (s) o.selected = !!s[2];
        });
      } else {
        var i = seen[el.name] || 0;
        if (list[i]) el.value = list[i][1];
        seen[el.name] = i + 1;
      }
      el.dispatchEvent(new Event("input", { bubbles: true }));
      el.dispatchEvent(new Event("change", { bubbles: true }));
    });
  }

  // The game page: drafts of hands that now exist, and drafts whose Save went through, go.
  function settle(marker) {
    var parts = marker.split(":");
    var count = parseInt(parts[1], 10) || 0;
    store.drafts.ofGame(parts[0]).forEach(function (d) {
      var done = d.rest[0] === "new" && parseInt(d.rest[1], 10) <= count;
      if (done || (d.draft && d.draft.submitted)) store.drafts.forget(d.key);
    });
  }

  function start() {
    if (!store || !store.available()) return; // private mode or storage off: nothing is kept
    store.drafts.prune();
    document.querySelectorAll("[data-drafts-done]").forEach(function (el) {
      settle(el.dataset.draftsDone);
    });
    var notice = document.querySelector("[data-draft-key]");
    if (!notice) return;
    var key = notice.dataset.draftKey;
    var formId = notice.dataset.draftForm || "hand-form";
    var form = document.getElementById(formId);
    if (!form) return;
    // What the server rendered (nothing typed yet), and which stored version the form is of.
    var defaults = snapshot(form, true);
    var base = notice.dataset.draftBase || "";
    var timer = null;

    function save() {
      timer = null;
      var current = document.getElementById(formId);
      if (!current) return;
      var values = snapshot(current, false);
      // Kept even when it matches the page: after a refused save the page shows what was
      // posted, and only the draft still has it once the phone goes elsewhere.
      store.drafts.write(key, { base: base, values: values, at: Date.now(), submitted: false });
    }

    function later() {
      if (timer) clearTimeout(timer);
      timer = setTimeout(save, SAVE_DELAY_MS);
    }

    var draft = store.drafts.read(key);
    if (draft && draft.submitted) {
      draft.submitted = false; // that Save did not get through: we are back on the form
      store.drafts.write(key, draft);
    }
    if (draft && draft.base === base && !same(typed(draft.values), typed(snapshot(form, false)))) {
      apply(form, draft.values);
      notice.hidden = false;
    } else if (draft && draft.base !== base) {
      store.drafts.forget(key); // the hand changed on the server since: that draft is old
    }

    var discard = notice.querySelector("[data-draft-discard]");
    if (discard) {
      discard.addEventListener("click", function () {
        var current = document.getElementById(formId);
        if (current) apply(current, defaults);
        if (timer) clearTimeout(timer);
        timer = null;
        store.drafts.forget(key);
        notice.hidden = true;
      });
    }

    // Listen on the document: htmx replaces the form on every preview.
    document.addEventListener("input", function (event) {
      if (event.target.form && event.target.form.id === formId) later();
    });
    document.addEventListener("change", function (event) {
      if (event.target.form && event.target.form.id === formId) later();
    });
    document.addEventListener("submit", function (event) {
      if (!event.target || event.target.id !== formId) return;
      var submitter = event.submitter;
      if (submitter && submitter.hasAttribute("formaction")) return; // a preview
      if (timer) {
        clearTimeout(timer);
        save();
      }
      var d = store.drafts.read(key);
      if (d) {
        d.submitted = true;
        store.drafts.write(key, d);
      }
    }, true);
    // A refused save comes back as a new form in place: the draft is not saved after all.
    document.addEventListener("htmx:load", function (event) {
      if (!event.target || event.target.id !== formId) return;
      var d = store.drafts.read(key);
      if (d && d.submitted) {
        d.submitted = false;
        store.drafts.write(key, d);
      }
    });
    window.addEventListener("pagehide", function () {
      if (timer) {
        clearTimeout(timer);
        save();
      }
    });
  }

  // After a save the game page comes in place of the form (htmx): its saved hands' drafts go.
  document.addEventListener("htmx:load", function (event) {
    if (!store || !store.available() || !event.target || !event.target.querySelectorAll) return;
    event.target.querySelectorAll("[data-drafts-done]").forEach(function (el) {
      settle(el.dataset.draftsDone);
    });
  });

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
