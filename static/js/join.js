// The edit link is /games/<id>/join/#<secret>: browsers never send the part after #, so the
// secret stays out of server and proxy logs. Post it at once, and take it out of the address
// bar and history. Without JavaScript the page asks for the link to be pasted instead.
(function () {
  "use strict";
  var secret = decodeURIComponent(window.location.hash.replace(/^#/, ""));
  var form = document.getElementById("join-form");
  if (!secret || !form || form.dataset.sent) {
    return;
  }
  form.dataset.sent = "1";
  history.replaceState(null, "", window.location.pathname + window.location.search);
  document.getElementById("join-token").value = secret;
  var wait = document.getElementById("join-wait");
  if (wait) {
    wait.hidden = false;
  }
  form.submit();
})();
