// lockdrill: times marked <time data-localtime datetime="..."> are shown in
// the reader's own time zone. The page's UTC text is the fallback without
// JavaScript; the server's clock stays the one that decides deadlines.
(function () {
  "use strict";
  function localise(el) {
    var d = new Date(el.getAttribute("datetime"));
    if (isNaN(d.getTime())) {
      return;
    }
    var opts = { hour: "2-digit", minute: "2-digit", timeZoneName: "short" };
    if (el.getAttribute("data-localtime") === "datetime") {
      opts.day = "numeric";
      opts.month = "short";
      opts.year = "numeric";
    }
    var utc = el.textContent;
    el.textContent = d.toLocaleString(undefined, opts);
    el.title = utc;
  }
  function run() {
    var els = document.querySelectorAll("time[data-localtime]");
    for (var i = 0; i < els.length; i++) {
      localise(els[i]);
    }
  }
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", run);
  } else {
    run();
  }
})();
