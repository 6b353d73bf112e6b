/* Rummy Table storage on this phone: the one place that touches localStorage.
 *
 * Two kinds of records live here, each under its own prefix:
 * - drafts ("rt-draft:<game>:<new|edit>:<n>"): what is typed in a hand form (draft.js);
 * - the queue ("rt-queue") of hands saved without a connection, and the request_ids this phone
 *   has sent ("rt-used-ids") (offline.js).
 * Both scripts use only window.RummyStore; neither calls the other. Every call is safe where
 * storage is off or full (private mode): reads give nothing, writes do nothing.
 */
(function () {
  "use strict";

  var DRAFT_PREFIX = "rt-draft:";
  var QUEUE = "rt-queue";
  var USED = "rt-used-ids";
  // How many sent request_ids are remembered (a kept page older than that is long stale).
  var USED_KEPT = 100;
  // Drafts nobody came back to for this long are thrown away.
  var DRAFT_MAX_AGE_MS = 14 * 24 * 3600 * 1000;

  var cached;
  function storage() {
    if (cached !== undefined) return cached;
    try {
      var probe = DRAFT_PREFIX + "probe";
      window.localStorage.setItem(probe, "1");
      window.localStorage.removeItem(probe);
      cached = window.localStorage;
    } catch (e) {
      cached = null;
    }
    return cached;
  }

  function get(name, fallback) {
    var s = storage();
    if (!s) return fallback;
    try {
      var value = JSON.parse(s.getItem(name));
      return value == null ? fallback : value;
    } catch (e) {
      return fallback;
    }
  }

  function set(name, value) {
    var s = storage();
    if (!s) return;
    try {
      s.setItem(name, JSON.stringify(value));
    } catch (e) {
      /* full: the page still works, it only forgets */
    }
  }

  function remove(name) {
    var s = storage();
    if (s) s.removeItem(name);
  }

  // Every stored name starting with `prefix`, newest index first (safe to remove while walking).
  function names(prefix) {
    var s = storage();
    var out = [];
    if (!s) return out;
    for (var i = s.length - 1; i >= 0; i--) {
      var name = s.key(i);
      if (name && name.indexOf(prefix) === 0) out.push(name);
    }
    return out;
  }

  var drafts = {
    read: function (key) {
      return get(DRAFT_PREFIX + key, null);
    },
    write: function (key, draft) {
      set(DRAFT_PREFIX + key, draft);
    },
    forget: function (key) {
      remove(DRAFT_PREFIX + key);
    },
    // Drafts of one game: [{key, rest: [kind, n], draft}].
    ofGame: function (game) {
      var prefix = DRAFT_PREFIX + game + ":";
      return names(prefix).map(function (name) {
        return {
          key: name.slice(DRAFT_PREFIX.length),
          rest: name.slice(prefix.length).split(":"),
          draft: get(name, null),
        };
      });
    },
    prune: function () {
      var now = Date.now();
      names(DRAFT_PREFIX).forEach(function (name) {
        var draft = get(name, null);
        if (!draft || now - (draft.at || 0) > DRAFT_MAX_AGE_MS) remove(name);
      });
    },
  };

  var queue = {
    NAME: QUEUE,
    all: function () {
      var list = get(QUEUE, []);
      return Array.isArray(list) ? list : [];
    },
    // The hands of one game still on this phone, in the order they were saved.
    ofGame: function (gameUrl) {
      return queue.all().filter(function (e) { return e.gameUrl === gameUrl; });
    },
    add: function (entry) {
      var list = queue.all();
      list.push(entry);
      set(QUEUE, list);
    },
    update: function (id, changes) {
      set(QUEUE, queue.all().map(function (e) {
        if (e.id !== id) return e;
        Object.keys(changes).forEach(function (k) { e[k] = changes[k]; });
        return e;
      }));
    },
    forget: function (id) {
      set(QUEUE, queue.all().filter(function (e) { return e.id !== id; }));
    },
    has: function (id) {
      return queue.all().some(function (e) { return e.id === id; });
    },
  };

  var sent = {
    has: function (id) {
      return get(USED, []).indexOf(id) >= 0;
    },
    add: function (id) {
      var used = get(USED, []);
      if (used.indexOf(id) < 0) used.push(id);
      set(USED, used.slice(-USED_KEPT));
    },
  };

  // The newest state of each game this phone has seen: how many hands were saved, and the
  // server's stamp of that state (the game's last change). A page kept for offline use may be
  // older than one seen since; the stamp says which to believe.
  var KNOWN = "rt-known";
  var KNOWN_KEPT = 50;
  var known = {
    // The newest state noted of a game, or null.
    get: function (gameUrl) {
      var all = get(KNOWN, {});
      return all && typeof all === "object" && !Array.isArray(all) ? all[gameUrl] || null : null;
    },
    // Note a page's state; answer the newest known: {hands, stamp, dealer} (dealer: who deals
    // the next hand in that state, when the page said it).
    see: function (gameUrl, hands, stamp, dealer) {
      var all = get(KNOWN, {});
      if (typeof all !== "object" || Array.isArray(all)) all = {};
      var had = all[gameUrl];
      if (!had || !(had.stamp > stamp)) {
        all[gameUrl] = { hands: hands, stamp: stamp, dealer: dealer || null, at: Date.now() };
        var games = Object.keys(all).sort(function (a, b) { return all[b].at - all[a].at; });
        games.slice(KNOWN_KEPT).forEach(function (g) { delete all[g]; });
        set(KNOWN, all);
        return all[gameUrl];
      }
      return had;
    },
  };

  window.RummyStore = {
    available: function () { return !!storage(); },
    drafts: drafts, queue: queue, sent: sent, known: known,
  };
})();
