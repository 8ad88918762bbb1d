// lockdrill: small progressive enhancements shared by every page. The app
// works without JavaScript; this file only adds conveniences.
(function () {
  "use strict";
  // Forms, or the buttons that submit them, marked data-confirm ask before
  // they submit.
  document.addEventListener("submit", function (ev) {
    var form = ev.target;
    var by = ev.submitter;
    var msg = (by && by.getAttribute && by.getAttribute("data-confirm")) ||
      (form.getAttribute && form.getAttribute("data-confirm"));
    if (msg && !window.confirm(msg)) {
      ev.preventDefault();
    }
  });
})();
