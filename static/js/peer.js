// lockdrill: live updates of a peer round. The server is the source of
// truth: each page polls it for its state and changes only when the server
// says the state changed, so a page that lost its connection catches up as
// soon as a request gets through, and a reload always shows the current
// state (the pages work without this file, by reloading).
//
// - [data-peer-poll] (the candidate's pages): reload when the round moves
//   on (the interviewer joined, asked a follow-up, moved on, ended it).
// - form[data-peer-draft] (the candidate's answer): send the answer as it
//   is typed, at most once every DRAFT_MS, so the interviewer sees it.
// - [data-peer-live] (the interviewer's screen): replace the live panel
//   when the candidate's answer or the round changed.
(function () {
  "use strict";
  var POLL_MS = 1500;
  var MAX_BACKOFF_MS = 15000;
  var DRAFT_MS = 700;

  // poll asks url for news every POLL_MS, sending the state the page
  // shows; onNews gets each reply that is not "unchanged" (204). Errors
  // and refusals back off, doubling up to MAX_BACKOFF_MS, then resume.
  function poll(url, state, onNews) {
    var wait = POLL_MS;
    function next() {
      window.setTimeout(tick, wait);
    }
    function tick() {
      if (document.hidden) {
        wait = POLL_MS;
        next();
        return;
      }
      fetch(url, { credentials: "same-origin", cache: "no-store", headers: { "X-Peer-State": state.get() } })
        .then(function (res) {
          if (res.status === 204) {
            wait = POLL_MS;
            return;
          }
          if (!res.ok) {
            wait = Math.min(wait * 2, MAX_BACKOFF_MS);
            return;
          }
          wait = POLL_MS;
          return onNews(res);
        })
        .catch(function () {
          wait = Math.min(wait * 2, MAX_BACKOFF_MS);
        })
        .then(next);
    }
    next();
  }

  function attrState(el) {
    return {
      get: function () {
        return el.getAttribute("data-peer-state") || "";
      },
      set: function (v) {
        el.setAttribute("data-peer-state", v);
      },
    };
  }

  // Once a form is on its way (an answer, ending the round), a reload
  // would cancel it: the page it leads to is current anyway.
  var leaving = false;
  document.addEventListener("submit", function (ev) {
    if (!ev.defaultPrevented) {
      leaving = true;
    }
  });

  var candidate = document.querySelector("[data-peer-poll]");
  if (candidate) {
    poll(candidate.getAttribute("data-peer-poll"), attrState(candidate), function (res) {
      return res.json().then(function (body) {
        if (!leaving && body && body.state && body.state !== candidate.getAttribute("data-peer-state")) {
          window.location.reload();
        }
      });
    });
  }

  var form = document.querySelector("form[data-peer-draft]");
  if (form) {
    var box = form.querySelector("textarea[name=answer]");
    var seq = form.querySelector("input[name=seq]");
    var csrf = form.querySelector("input[name=_csrf]");
    var sent = box ? box.value : "";
    var timer = null;
    var busy = false;
    var stopped = false;
    var send = function () {
      timer = null;
      if (stopped || !box || box.value === sent) {
        return;
      }
      if (busy) {
        timer = window.setTimeout(send, DRAFT_MS);
        return;
      }
      var text = box.value;
      var body = new URLSearchParams();
      body.set("_csrf", csrf ? csrf.value : "");
      body.set("seq", seq ? seq.value : "");
      body.set("answer", text);
      busy = true;
      fetch(form.getAttribute("data-peer-draft"), { method: "POST", credentials: "same-origin", body: body })
        .then(function (res) {
          if (res.ok) {
            sent = text;
          } else if (res.status === 409 || res.status === 404 || res.status === 413) {
            // The turn moved on, or the text is over the limit: the
            // poll brings the page up to date.
            stopped = res.status !== 413;
          } else {
            timer = window.setTimeout(send, DRAFT_MS * 3);
          }
        })
        .catch(function () {
          timer = window.setTimeout(send, DRAFT_MS * 3);
        })
        .then(function () {
          busy = false;
        });
    };
    if (box) {
      box.addEventListener("input", function () {
        if (timer === null) {
          timer = window.setTimeout(send, DRAFT_MS);
        }
      });
    }
  }

  var live = document.querySelector("[data-peer-live]");
  if (live) {
    poll(live.getAttribute("data-peer-live"), attrState(live), function (res) {
      var state = res.headers.get("X-Peer-State") || "";
      return res.text().then(function (html) {
        // Do not pull the panel from under a follow-up being typed or a
        // choice being sent.
        var typing = live.querySelector("textarea");
        if (leaving || (typing && typing.value !== "" && live.contains(document.activeElement))) {
          return;
        }
        live.innerHTML = html;
        live.setAttribute("data-peer-state", state);
      });
    });
  }
})();
