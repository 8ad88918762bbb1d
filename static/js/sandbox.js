// lockdrill sandbox: replay a timeline without a round trip. The page works
// without this file (step links, a scrubber form, forms for every action);
// with it, the scrubber, the arrow keys and play/pause move through the
// steps in place: shapes after the step are hidden and bars grow with the
// cursor, the caption tells the step (the guided play shows one caption at
// a time), the event list follows and the state panel is fetched from
// /sandbox/{id}/state.
// When the picture is wider than its box (a phone), its box scrolls so the
// replay cursor stays in view, on load and at every step.
// The forms that change the timeline (insert at the cursor, the action
// list, the act-at-now forms) are sent with fetch, and the page's main part
// is swapped for the page they lead to, with its URL pushed to the
// history: no reload, and back/forward fetch the page they return to.
// Without this file every form posts and redirects as usual.
(function () {
  "use strict";
  // active is the replay of the timeline shown, or null.
  var active = null;

  function initReplay() {
    var svg = document.querySelector("svg.tl-svg[data-stepx]");
    var scrub = document.querySelector("input[data-testid=scrubber]");
    if (!svg || !scrub) {
      return null;
    }
    var xs = svg.getAttribute("data-stepx").split(",").map(Number);
    var ms = (svg.getAttribute("data-stepms") || "").split(",").map(Number);
    var width = Number(svg.getAttribute("width")) || 960;
    var scroller = svg.closest(".tl-scroll");
    var lanes = scroller ? scroller.querySelector(".tl-lanes") : null;
    var cursorLabel = svg.querySelector(".tl-cursor-label");
    var stepTime = document.querySelector("[data-role=step-time]");
    var total = xs.length - 1;
    var stateURL = scrub.getAttribute("data-state");
    var stepNum = document.querySelector("[data-role=step-num]");
    var prev = document.querySelector("[data-testid=step-prev]");
    var next = document.querySelector("[data-testid=step-next]");
    var cursor = svg.querySelector(".tl-cursor");
    var shapes = svg.querySelectorAll("[data-step]");
    var rows = document.querySelectorAll("tr[data-testid=event-row]");
    var player = document.querySelector("[data-role=player]");
    var playBtn = document.querySelector("[data-role=play]");
    var speed = document.querySelector("[data-role=speed]");
    var go = document.querySelector(".sb-scrub-go");
    var captionStep = document.querySelector("[data-role=caption-step]");
    var captionText = document.querySelector("[data-role=caption-text]");
    var storyItems = document.querySelectorAll("#tl-story li[data-step]");
    var current = Number(scrub.value);
    var timer = null;
    var fetchTimer = null;
    var fetchSeq = 0;

    function stepURL(n) {
      var u = new URL(window.location.href);
      u.searchParams.set("step", String(n));
      u.hash = "";
      return u;
    }

    function loadState(n) {
      window.clearTimeout(fetchTimer);
      fetchTimer = window.setTimeout(function () {
        var seq = ++fetchSeq;
        fetch(stateURL + "?step=" + n, { headers: { Accept: "text/html" } })
          .then(function (r) { return r.ok ? r.text() : null; })
          .then(function (html) {
            if (html === null || seq !== fetchSeq) {
              return;
            }
            var panel = document.getElementById("state-panel");
            if (panel) {
              panel.outerHTML = html;
            }
          })
          .catch(function () { /* the panel keeps the last state */ });
      }, 120);
    }

    // millis formats a virtual time as the server does: "22 000 ms".
    function millis(t) {
      return String(t).replace(/\B(?=(\d{3})+(?!\d))/g, "\u202f") + " ms";
    }

    // reveal scrolls the picture's box so that x (in SVG units) is in view,
    // with room for the cursor's label; it does nothing when all fits.
    function reveal(x) {
      if (!scroller || scroller.scrollWidth <= scroller.clientWidth + 1) {
        return;
      }
      var px = x * (svg.getBoundingClientRect().width / width);
      var left = scroller.scrollLeft;
      var w = scroller.clientWidth;
      // The sticky lane names cover the left of the box: keep clear of them.
      var covered = lanes ? lanes.getBoundingClientRect().width : 0;
      if (px < left + covered + 30 || px > left + w - 60) {
        scroller.scrollLeft = Math.max(0, px - w * 0.6);
      }
    }

    function placeCursor(n) {
      if (cursor) {
        cursor.setAttribute("x1", String(xs[n]));
        cursor.setAttribute("x2", String(xs[n]));
      }
      if (cursorLabel) {
        var text = "replay: step " + n;
        cursorLabel.textContent = text;
        // As timelineview.labelAt: right of the line unless it would run off.
        var right = xs[n] + 4 + text.length * 6.6 + 6 <= width;
        cursorLabel.setAttribute("x", String(right ? xs[n] + 4 : xs[n] - 4));
        cursorLabel.setAttribute("text-anchor", right ? "start" : "end");
      }
      if (stepTime && !isNaN(ms[n])) {
        stepTime.textContent = millis(ms[n]);
      }
      reveal(xs[n]);
    }

    // growBar cuts a lease or pause bar at the cursor, as the server draws
    // it (views.sbBarW): at step n only what has happened by n is drawn.
    function growBar(g, n) {
      var x = Number(g.getAttribute("data-x"));
      var w = Number(g.getAttribute("data-w"));
      var tw = Number(g.getAttribute("data-tw"));
      var shown = n >= total ? w : Math.min(Math.max(xs[n] - x, 0), w);
      var rect = g.querySelector("rect");
      var label = g.querySelector("text");
      if (rect) {
        rect.setAttribute("width", String(shown));
      }
      if (label) {
        label.classList.toggle("tl-cut", shown < w && shown < tw);
      }
      return shown;
    }

    function show(n) {
      n = Math.max(0, Math.min(total, n));
      current = n;
      var i;
      for (i = 0; i < shapes.length; i++) {
        var s = Number(shapes[i].getAttribute("data-step"));
        if (shapes[i] === svg) {
          continue;
        }
        var future = s > n;
        if (!future && shapes[i].hasAttribute("data-w")) {
          future = growBar(shapes[i], n) === 0;
        }
        shapes[i].classList.toggle("tl-future", future);
      }
      svg.setAttribute("data-step", String(n));
      placeCursor(n);
      for (i = 0; i < rows.length; i++) {
        var rs = Number(rows[i].getAttribute("data-step"));
        rows[i].classList.toggle("sb-current", rs === n);
        rows[i].classList.toggle("sb-future", rs > n);
        rows[i].setAttribute("aria-current", rs === n ? "step" : "false");
      }
      if (stepNum) {
        stepNum.textContent = String(n);
      }
      // The caption of step n, from the run in words listed on the page.
      var said = "";
      for (i = 0; i < storyItems.length; i++) {
        var is = Number(storyItems[i].getAttribute("data-step")) === n;
        storyItems[i].classList.toggle("sb-current", is);
        storyItems[i].setAttribute("aria-current", is ? "step" : "false");
        if (is) {
          said = storyItems[i].textContent;
        }
      }
      if (captionStep && captionText) {
        captionStep.textContent = String(n);
        captionText.textContent = said || "see the event list below.";
      }
      scrub.value = String(n);
      // The "act at the replay cursor" forms follow the step shown, so an
      // action goes in at the moment on screen (QA-7 P4).
      if (ms.length === xs.length) {
        document.querySelectorAll("#cursor-act [data-role=cursor-at]").forEach(function (el) {
          el.textContent = millis(ms[n]);
        });
        document.querySelectorAll("#cursor-act [data-role=cursor-step]").forEach(function (el) {
          el.textContent = String(n);
        });
        document.querySelectorAll("#cursor-act input[name=at_ms]").forEach(function (el) {
          el.value = String(ms[n]);
        });
      }
      if (prev) {
        prev.href = stepURL(Math.max(0, n - 1)).toString();
        bound(prev, n === 0);
      }
      if (next) {
        next.href = stepURL(Math.min(total, n + 1)).toString();
        bound(next, n >= total);
      }
      window.history.replaceState(window.history.state, "", stepURL(n).toString());
      loadState(n);
    }

    // bound marks a step link that would go nowhere as disabled and takes
    // it out of the tab order, as the server does.
    function bound(a, at) {
      if (at) {
        a.setAttribute("aria-disabled", "true");
        a.setAttribute("tabindex", "-1");
      } else {
        a.removeAttribute("aria-disabled");
        a.removeAttribute("tabindex");
      }
    }

    function stop() {
      if (timer !== null) {
        window.clearInterval(timer);
        timer = null;
      }
      if (playBtn) {
        playBtn.textContent = "▶ Play";
        playBtn.setAttribute("aria-pressed", "false");
      }
    }

    function play() {
      if (current >= total) {
        show(0);
      }
      playBtn.textContent = "⏸ Pause";
      playBtn.setAttribute("aria-pressed", "true");
      timer = window.setInterval(function () {
        if (current >= total) {
          stop();
          return;
        }
        show(current + 1);
        if (current >= total) {
          stop();
        }
      }, Number(speed.value) || 500);
    }

    reveal(xs[current]);
    scrub.addEventListener("input", function () {
      stop();
      show(Number(scrub.value));
    });
    if (go) {
      go.hidden = true;
    }
    if (player && playBtn && speed) {
      player.hidden = false;
      playBtn.addEventListener("click", function () {
        if (timer === null) {
          play();
        } else {
          stop();
        }
      });
      speed.addEventListener("change", function () {
        if (timer !== null) {
          stop();
          play();
        }
      });
    }
    [prev, next].forEach(function (a) {
      if (!a) {
        return;
      }
      a.addEventListener("click", function (ev) {
        ev.preventDefault();
        stop();
        show(current + (a === prev ? -1 : 1));
      });
    });

    return {
      move: function (d) {
        stop();
        show(current + d);
      },
      stop: stop
    };
  }

  document.addEventListener("keydown", function (ev) {
    var t = ev.target;
    var tag = t && t.tagName ? t.tagName.toLowerCase() : "";
    if (!active || tag === "input" || tag === "textarea" || tag === "select" || ev.altKey || ev.ctrlKey || ev.metaKey) {
      return;
    }
    if (ev.key === "ArrowLeft") {
      ev.preventDefault();
      active.move(-1);
    } else if (ev.key === "ArrowRight") {
      ev.preventDefault();
      active.move(1);
    }
  });

  // swap replaces the page's main part with that of html (a whole page),
  // and starts the replay of the new one.
  function swap(html, url, push) {
    var doc = new DOMParser().parseFromString(html, "text/html");
    var fresh = doc.querySelector("main");
    var main = document.querySelector("main");
    if (!fresh || !main) {
      window.location.assign(url);
      return;
    }
    if (active) {
      active.stop();
    }
    main.innerHTML = fresh.innerHTML;
    document.title = doc.title;
    if (push) {
      // Both entries are marked, so back and forward between them fetch.
      window.history.replaceState({ swapped: true }, "", window.location.href);
      window.history.pushState({ swapped: true }, "", url);
    }
    active = initReplay();
    // A count of swaps, for whoever waits for one (the browser tests).
    var root = document.documentElement;
    root.setAttribute("data-swaps", String(Number(root.getAttribute("data-swaps") || 0) + 1));
  }

  // The forms that change this timeline and come back to it.
  function swappable(form) {
    var action = form.getAttribute("action") || "";
    return form.method.toLowerCase() === "post" && /^\/sandbox\/[0-9a-f]+\/(insert|actions|actions\/edit)$/.test(action);
  }

  document.addEventListener("submit", function (ev) {
    var form = ev.target;
    if (ev.defaultPrevented || !form.closest || !form.closest("main") || !swappable(form)) {
      return;
    }
    ev.preventDefault();
    var data = new FormData(form);
    if (ev.submitter && ev.submitter.name) {
      data.append(ev.submitter.name, ev.submitter.value);
    }
    var insert = /\/insert$/.test(form.getAttribute("action"));
    var y = window.scrollY;
    fetch(form.getAttribute("action"), {
      method: "POST",
      body: new URLSearchParams(data),
      credentials: "same-origin",
      headers: { Accept: "text/html" }
    })
      .then(function (r) {
        return r.text().then(function (html) { return { html: html, url: r.url, refused: r.status === 422 }; });
      })
      .then(function (res) {
        if (res.refused) {
          // A refused value comes back as the page with its field kept
          // and marked, answered at the form's address: stay at the
          // timeline's, and focus the field as autofocus would on a load.
          swap(res.html, window.location.href, false);
          var bad = document.querySelector("main [autofocus]");
          if (bad) {
            bad.focus();
          }
          return;
        }
        var url = res.url.split("#")[0];
        swap(res.html, url, true);
        // An insert shows its effect at the picture; any other change
        // keeps the reader where they were.
        var notice = document.querySelector("[data-testid=picture-notice]");
        var picture = document.getElementById("picture");
        if (insert && picture) {
          picture.scrollIntoView({ block: "start" });
        } else {
          window.scrollTo(0, y);
        }
        if (notice) {
          notice.setAttribute("tabindex", "-1");
          notice.focus({ preventScroll: true });
        }
      })
      .catch(function () {
        // The network failed: send the form the plain way.
        form.submit();
      });
  });

  window.addEventListener("popstate", function (ev) {
    // Only entries this script made; a plain #anchor step is left alone.
    if (!ev.state || !ev.state.swapped) {
      return;
    }
    fetch(window.location.href, { credentials: "same-origin", headers: { Accept: "text/html" } })
      .then(function (r) { return r.text(); })
      .then(function (html) { swap(html, window.location.href, false); })
      .catch(function () { window.location.reload(); });
  });

  active = initReplay();
})();
