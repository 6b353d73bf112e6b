/* Rummy Table service worker (served from /sw.js so its scope is the whole site).
 *
 * Pages: from the network first; every page that answers is kept, so the rules, the checker
 * and the games this phone has seen open without signal. A page that is neither reachable nor
 * kept gets the offline page, never the browser's error page.
 * Static files: from the cache, refreshed in the background.
 * Writes (POST) and htmx requests always go to the network; a hand saved without signal is
 * queued by the page itself (static/js/offline.js), with its request_id.
 */
"use strict";

var VERSION = "{{ version }}";
var SHELL = "rt-shell-" + VERSION;
var PAGES = "rt-pages-v1";
var ASSETS = {{ assets|safe }};
var OFFLINE_PAGES = {{ pages|safe }};
var OFFLINE = {{ offline|safe }};
var STATIC = {{ static_prefix|safe }};
var MAX_PAGES = 80;

// One by one: a page that fails (a server hiccup) must not stop the others.
function warm(urls, fresh) {
  return caches.open(PAGES).then(function (cache) {
    return Promise.all(urls.map(function (url) {
      return cache.match(url).then(function (have) {
        if (have && !fresh) return;
        return fetch(url, { credentials: "same-origin" }).then(function (response) {
          if (response.ok && !response.redirected) return cache.put(url, response);
        });
      }).catch(function () {});
    }));
  });
}

self.addEventListener("install", function (event) {
  // Only what the offline page itself needs holds up the install; the rest comes after.
  event.waitUntil(
    caches.open(SHELL).then(function (cache) {
      // File by file: one that fails now is fetched (and kept) when a page first asks for it.
      return Promise.all(ASSETS.map(function (url) {
        return cache.add(url).catch(function () {});
      }));
    }).then(function () {
      return warm([OFFLINE], true); // it names this version's static files
    }).then(function () {
      return self.skipWaiting();
    })
  );
});

self.addEventListener("activate", function (event) {
  event.waitUntil(
    caches.keys().then(function (keys) {
      return Promise.all(keys.filter(function (key) {
        return key.indexOf("rt-shell-") === 0 && key !== SHELL;
      }).map(function (key) {
        return caches.delete(key);
      }));
    }).then(function () {
      return self.clients.claim();
    })
  );
  // The rules pages and the checker, for reading without signal (not holding up anything).
  warm(OFFLINE_PAGES);
});

function trim(cache) {
  return cache.keys().then(function (keys) {
    var extra = keys.length - MAX_PAGES;
    var jobs = [];
    for (var i = 0; i < extra; i++) jobs.push(cache.delete(keys[i]));
    return Promise.all(jobs);
  });
}

function keep(request, response) {
  // Redirects (an edit link) and errors are never kept; only the page as it was shown.
  if (!response.ok || response.redirected || response.type !== "basic") return;
  var copy = response.clone();
  return caches.open(PAGES).then(function (cache) {
    var url = new URL(request.url);
    url.hash = "";
    return cache.put(url.href, copy).then(function () {
      return trim(cache);
    });
  });
}

function page(event) {
  var request = event.request;
  return fetch(request).then(function (response) {
    if (request.method === "GET") keep(request, response);
    return response;
  }).catch(function () {
    var url = new URL(request.url);
    url.hash = "";
    var kept = request.method === "GET"
      ? caches.match(url.href, { ignoreVary: true, ignoreSearch: false })
      : Promise.resolve(undefined);
    return kept.then(function (response) {
      return response || caches.match(OFFLINE, { ignoreVary: true });
    }).then(function (response) {
      return response || new Response("Offline", {
        status: 503,
        headers: { "Content-Type": "text/plain; charset=utf-8" },
      });
    });
  });
}

function asset(event) {
  return caches.match(event.request).then(function (cached) {
    var fresh = fetch(event.request).then(function (response) {
      if (response.ok) {
        var copy = response.clone();
        caches.open(SHELL).then(function (cache) {
          cache.put(event.request, copy);
        });
      }
      return response;
    });
    if (cached) {
      fresh.catch(function () {});
      return cached;
    }
    return fresh;
  });
}

// A page whose content changed in place (the game page after a save, or a hand from another
// phone) asks for its copy to be kept anew: fetched as a page would be, kept if it answers.
self.addEventListener("message", function (event) {
  var path = event.data && event.data.keep;
  if (typeof path !== "string" || path.charAt(0) !== "/" || path.charAt(1) === "/") return;
  var url = new URL(path, self.location.origin);
  url.hash = "";
  var request = new Request(url.href, { credentials: "same-origin" });
  event.waitUntil(fetch(request).then(function (response) {
    keep(request, response);
  }).catch(function () {}));
});

self.addEventListener("fetch", function (event) {
  var request = event.request;
  var url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.headers.get("HX-Request")) return; // live fragments: the network or nothing
  if (request.mode === "navigate") {
    event.respondWith(page(event));
  } else if (request.method === "GET" && url.pathname.indexOf(STATIC) === 0) {
    event.respondWith(asset(event));
  }
});
