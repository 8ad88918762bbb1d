// lockdrill: small progressive enhancements shared by every page. The app
// works without JavaScript; this file only adds conveniences.
(function () {
  "use strict";
  // Forms marked data-confirm ask before they submit.
  document.addEventListener("submit", function (ev) {
    var form = ev.target;
    var msg = form.getAttribute && form.getAttribute("data-confirm");
    if (msg && !window.confirm(msg)) {
      ev.preventDefault();
    }
  });
})();
