/* Rummy Table live pages: a polling element carries the ETag of what it shows, and asks the
 * server for a new version only if there is one. The server answers 304 Not Modified (no body,
 * no swap) when nothing changed; the htmx-config meta in base.html tells htmx not to swap 304s.
 */
(function () {
  "use strict";
  document.addEventListener("htmx:configRequest", function (event) {
    var elt = event.detail.elt;
    if (elt && elt.dataset && elt.dataset.etag && event.detail.verb === "get") {
      event.detail.headers["If-None-Match"] = elt.dataset.etag;
    }
  });
})();
