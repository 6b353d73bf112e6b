/* Rummy Table game page: share a finished game's result through the phone's share sheet.
 *
 * The text is the server's (the "result as text" box, which also works without JavaScript);
 * the picture is the final standings drawn on a canvas from what the page shows (names,
 * totals and seat colours), nothing computed here. Phones that cannot share files share the
 * text; browsers that cannot share at all copy it.
 */
(function () {
  "use strict";

  function colourOf(el) {
    return el ? getComputedStyle(el).backgroundColor : "#2c77c5";
  }

  function picture(section) {
    var rows = section.querySelectorAll(".standing");
    var scale = 2;
    var width = 540;
    var height = 150 + rows.length * 64;
    var canvas = document.createElement("canvas");
    canvas.width = width * scale;
    canvas.height = height * scale;
    var ctx = canvas.getContext("2d");
    ctx.scale(scale, scale);
    ctx.fillStyle = "#17603f";
    ctx.fillRect(0, 0, width, height);
    ctx.fillStyle = "#ffffff";
    ctx.font = "700 30px system-ui, sans-serif";
    ctx.fillText(section.dataset.title || "", 28, 52);
    var celebrate = section.querySelector(".celebrate");
    ctx.font = "600 22px system-ui, sans-serif";
    ctx.fillText(celebrate ? celebrate.textContent.replace(/\s+/g, " ").trim() : "", 28, 92);
    rows.forEach(function (row, i) {
      var y = 120 + i * 64;
      ctx.fillStyle = row.classList.contains("winner") ? "#fff4d6" : "#ffffff";
      ctx.beginPath();
      if (ctx.roundRect) ctx.roundRect(20, y, width - 40, 52, 12);
      else ctx.rect(20, y, width - 40, 52);
      ctx.fill();
      ctx.fillStyle = colourOf(row.querySelector(".avatar"));
      ctx.beginPath();
      ctx.arc(86, y + 26, 18, 0, Math.PI * 2);
      ctx.fill();
      ctx.fillStyle = "#ffffff";
      ctx.font = "700 14px system-ui, sans-serif";
      ctx.textAlign = "center";
      ctx.fillText(row.querySelector(".avatar").textContent.trim(), 86, y + 31);
      ctx.fillStyle = "#1a1a1a";
      ctx.font = "600 20px system-ui, sans-serif";
      ctx.fillText(row.dataset.rank, 44, y + 33);
      ctx.textAlign = "left";
      ctx.fillText(row.dataset.name, 116, y + 33);
      ctx.textAlign = "right";
      ctx.font = "700 22px system-ui, sans-serif";
      ctx.fillText(row.dataset.total, width - 40, y + 34);
      ctx.textAlign = "left";
    });
    return new Promise(function (resolve) {
      canvas.toBlob(resolve, "image/png");
    });
  }

  function copy(text, button) {
    var done = function () {
      button.textContent = button.dataset.copied || button.textContent;
    };
    if (navigator.clipboard && navigator.clipboard.writeText) {
      navigator.clipboard.writeText(text).then(done, function () {});
    }
  }

  function enhance(root) {
    var section = root.querySelector ? root.querySelector(".game-over") : null;
    if (!section) return;
    var button = section.querySelector(".share-result");
    var box = section.querySelector("#result-text");
    if (!button || !box || button.dataset.ready) return;
    if (!navigator.share && !(navigator.clipboard && navigator.clipboard.writeText)) return;
    button.dataset.ready = "1";
    button.hidden = false;
    button.addEventListener("click", function () {
      var text = box.value;
      if (!navigator.share) return copy(text, button);
      picture(section).then(function (blob) {
        var files = blob ? [new File([blob], "result.png", { type: "image/png" })] : [];
        var data = { title: section.dataset.title, text: text };
        if (files.length && navigator.canShare && navigator.canShare({ files: files })) {
          data.files = files;
        }
        return navigator.share(data);
      }).catch(function () {
        /* closed the share sheet: nothing to do */
      });
    });
  }

  // The printed score sheet (the print stylesheet; its QR code leads back to the live game).
  // Also after the keeper's Save swaps the game page in place of the hand form.
  function printable() {
    var wrap = document.querySelector(".print-sheet-wrap");
    if (!wrap || !window.print || wrap.dataset.ready) return;
    wrap.dataset.ready = "1";
    wrap.hidden = false;
    wrap.querySelector("button").addEventListener("click", function () { window.print(); });
  }

  // A dispute is sent once: its button is disabled and its form folded as it goes (the server
  // also takes the same dispute sent twice as one).
  document.addEventListener("submit", function (event) {
    var form = event.target;
    var fold = form && form.closest ? form.closest("details.dispute-form") : null;
    if (!fold) return;
    var button = form.querySelector("button[type=submit]");
    if (button && button.disabled) {
      event.preventDefault();
      return;
    }
    setTimeout(function () {  // after the browser has taken the form's data
      if (button) button.disabled = true;
      fold.open = false;
    }, 0);
  });

  document.addEventListener("DOMContentLoaded", function () {
    enhance(document);
    printable();
  });
  // The scoreboard redraws itself while the page is open.
  document.addEventListener("htmx:load", function (event) {
    enhance(event.target.closest ? event.target.closest("body") || document : document);
    printable();
  });
})();
