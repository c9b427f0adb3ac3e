/**
 * The script of a replay page: plain ES2018 in one function, no modules, nothing fetched.
 * It shows step k by swapping each cell's precomputed state (the page's `replay-view`
 * JSON) and updating the slider, the step's description, the clocks, the chart's cursor
 * and the move list;
 * the arrow keys, Home and End, the slider, the buttons and a click on a move step through
 * the game, and the address's `#k` remembers the step.
 *
 * @module
 */

/** The page's script, to inline in a `<script>` element. */
export const REPLAY_SCRIPT = `(function () {
  "use strict";
  var view = JSON.parse(document.getElementById("replay-view").textContent);
  var board = document.getElementById("board");
  var cells = board.querySelectorAll("[data-cell]");
  var slider = document.getElementById("step");
  var rows = document.querySelectorAll("tr[data-step]");
  var last = view.frames.length - 1;
  var shown = [];
  var current = -1;

  function text(id, value) {
    document.getElementById(id).textContent = value;
  }

  function seconds(ms) {
    return (ms / 1000).toFixed(3) + " s";
  }

  function show(k) {
    k = Math.max(0, Math.min(last, Math.round(k)));
    var frame = view.frames[k];
    for (var i = 0; i < cells.length; i++) {
      if (shown[i] === frame[i]) continue;
      var state = view.states[frame[i]];
      cells[i].setAttribute("class", state[0]);
      cells[i].innerHTML = state[1];
      shown[i] = frame[i];
    }
    board.setAttribute("data-move", String(k));
    slider.value = String(k);
    text("counter", k + " / " + last);
    text("info", view.info[k]);
    text("note", view.notes[k]);
    var clock = view.clocks[k];
    var scale = view.limit || Math.max(1, view.clocks[last][0], view.clocks[last][1]);
    for (var s = 0; s < 2; s++) {
      text("clock" + s, seconds(clock[s]));
      document.getElementById("bar" + s).style.width =
        Math.min(100, (100 * clock[s]) / scale).toFixed(1) + "%";
    }
    if (view.cursor) {
      var x = String(Math.round((view.cursor[0] + view.cursor[1] * k) * 10) / 10);
      var cursor = document.getElementById("cursor");
      cursor.setAttribute("x1", x);
      cursor.setAttribute("x2", x);
    }
    if (current >= 0 && rows[current]) rows[current].classList.remove("current");
    if (rows[k]) {
      rows[k].classList.add("current");
      var list = rows[k].closest(".moves");
      var top = rows[k].offsetTop, bottom = top + rows[k].offsetHeight;
      if (list && (top < list.scrollTop + 30 || bottom > list.scrollTop + list.clientHeight)) {
        list.scrollTop = Math.max(0, top - list.clientHeight / 2);
      }
    }
    current = k;
    if (location.hash !== "#" + k) {
      try {
        history.replaceState(null, "", "#" + k);
      } catch (e) {
        // Some file: pages refuse it; the step is then just not remembered.
      }
    }
  }

  document.addEventListener("keydown", function (e) {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    var to = e.key === "ArrowLeft" ? current - 1
      : e.key === "ArrowRight" ? current + 1
      : e.key === "Home" ? 0
      : e.key === "End" ? last
      : null;
    if (to === null) return;
    // The slider would move by itself too when focused: one step per key.
    e.preventDefault();
    show(to);
  });
  slider.addEventListener("input", function () {
    show(Number(slider.value));
  });
  var buttons = document.querySelectorAll("button[data-go]");
  for (var b = 0; b < buttons.length; b++) {
    buttons[b].addEventListener("click", function (e) {
      var go = e.currentTarget.getAttribute("data-go");
      show(go === "first" ? 0 : go === "last" ? last : current + (go === "next" ? 1 : -1));
    });
  }
  for (var r = 0; r < rows.length; r++) {
    rows[r].addEventListener("click", function (e) {
      show(Number(e.currentTarget.getAttribute("data-step")));
    });
  }
  var hash = /^#(\\d+)$/.exec(location.hash);
  show(hash ? Number(hash[1]) : last);
})();
`;
