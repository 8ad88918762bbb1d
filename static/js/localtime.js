// lockdrill: times marked <time data-localtime datetime="..."> are shown in
// the reader's own time zone. The page's UTC text stays as the fallback
// without JavaScript and as the tooltip; the server's clock remains the one
// that decides deadlines (round.js counts down from the server's figure).
//
// data-localtime is "time" (14:05), "seconds" (14:05:09) or "datetime"
// (today, 14:05 / yesterday, 14:05 / Mon 30 Nov, 14:05), with the zone.
(function () {
  "use strict";
  function sameDay(a, b) {
    return a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();
  }
  function localise(el, now) {
    var d = new Date(el.getAttribute("datetime"));
    if (isNaN(d.getTime())) {
      return;
    }
    var style = el.getAttribute("data-localtime");
    var clock = { hour: "2-digit", minute: "2-digit", hour12: false, timeZoneName: "short" };
    if (style === "seconds") {
      clock.second = "2-digit";
    }
    var text = d.toLocaleTimeString(undefined, clock);
    if (style === "datetime") {
      var yesterday = new Date(now.getTime());
      yesterday.setDate(yesterday.getDate() - 1);
      var day;
      if (sameDay(d, now)) {
        day = "today";
      } else if (sameDay(d, yesterday)) {
        day = "yesterday";
      } else {
        var opts = { weekday: "short", day: "numeric", month: "short" };
        if (d.getFullYear() !== now.getFullYear()) {
          opts = { day: "numeric", month: "short", year: "numeric" };
        }
        day = d.toLocaleDateString(undefined, opts);
      }
      text = day + ", " + text;
    }
    if (!el.title) {
      el.title = el.textContent.trim();
    }
    el.textContent = text;
  }
  function run() {
    var now = new Date();
    var els = document.querySelectorAll("time[data-localtime]");
    for (var i = 0; i < els.length; i++) {
      localise(els[i], now);
    }
  }
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", run);
  } else {
    run();
  }
})();
