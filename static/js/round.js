// lockdrill: the countdown of a mock-round question. The deadline is printed
// in the page for readers without JavaScript; this only adds a live clock.
// It counts down from the time left when the server made the page
// (data-remaining-ms), so a wrong clock on this computer does not matter.
(function () {
  "use strict";
  var box = document.querySelector("[data-remaining-ms]");
  if (!box) {
    return;
  }
  var remaining = parseInt(box.getAttribute("data-remaining-ms"), 10);
  // The server counts an answer in time until the grace after the
  // deadline has passed; the clock says so instead of "overtime" at once.
  var grace = parseInt(box.getAttribute("data-grace-ms"), 10) || 0;
  if (box.classList.contains("overdue")) {
    grace = 0; // the server says the grace is over already
  }
  var out = box.querySelector("[data-countdown]");
  var announce = box.querySelector("[data-countdown-announce]");
  if (isNaN(remaining) || !out) {
    return;
  }
  var end = Date.now() + remaining;
  var warned = false;
  var inGrace = false;
  var expired = false;

  function pad(n) {
    return n < 10 ? "0" + n : String(n);
  }

  function say(text) {
    if (announce) {
      announce.textContent = text;
    }
  }

  function tick() {
    var left = Math.max(0, end - Date.now());
    var secs = Math.ceil(left / 1000);
    if (left > 0) {
      out.textContent = Math.floor(secs / 60) + ":" + pad(secs % 60) + " left";
      if (secs <= 60 && !warned) {
        warned = true;
        box.classList.add("soon");
        say("One minute left.");
      }
      return;
    }
    var over = Date.now() - end;
    if (over < grace) {
      if (!inGrace) {
        inGrace = true;
        box.classList.remove("soon");
        box.classList.add("overdue");
        say("Time is up. Submit now: for a few more seconds it still counts as in time.");
      }
      out.textContent = "Time is up: submit now. For " + Math.ceil((grace - over) / 1000) + " s more it still counts as in time.";
      return;
    }
    if (!expired) {
      expired = true;
      box.classList.remove("soon");
      box.classList.add("overdue");
      out.textContent = "Time is up: submit now, your answer will be marked overtime.";
      say("Time is up. Your answer will be marked overtime.");
    }
  }

  out.hidden = false;
  tick();
  window.setInterval(tick, 1000);
})();
