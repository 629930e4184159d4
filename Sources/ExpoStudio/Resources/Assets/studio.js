"use strict";
(function () {
  function bind() {
    document.querySelectorAll("form.upload").forEach(bindForm);
  }
  function bindForm(form) {
    if (form.dataset.bound) return;
    form.dataset.bound = "1";
    var input = form.querySelector("input[type=file]");
    var bar = form.querySelector("progress");
    form.addEventListener("dragover", function (event) { event.preventDefault(); form.classList.add("dropping"); });
    form.addEventListener("dragleave", function () { form.classList.remove("dropping"); });
    form.addEventListener("drop", function (event) {
      event.preventDefault();
      form.classList.remove("dropping");
      if (!event.dataTransfer || !event.dataTransfer.files.length) return;
      input.files = event.dataTransfer.files;
      send();
    });
    form.addEventListener("submit", function (event) { event.preventDefault(); send(); });
    function send() {
      var request = new XMLHttpRequest();
      request.open("POST", form.action);
      bar.hidden = false;
      bar.value = 0;
      request.upload.addEventListener("progress", function (event) {
        if (event.lengthComputable) bar.value = Math.round(100 * event.loaded / event.total);
      });
      request.addEventListener("load", function () {
        // A form that leads elsewhere once done (a new exhibition, to the list) is followed there.
        if (request.responseURL && request.responseURL !== form.action) { location.assign(request.responseURL); return; }
        var page = new DOMParser().parseFromString(request.responseText, "text/html");
        var main = page.querySelector("main");
        if (!main) { bar.hidden = true; return; }
        document.querySelector("main").replaceWith(document.adoptNode(main));
        bind();
        // The report of what was taken is under the photos' heading, or the page's report.
        var heading = document.getElementById("photos-heading") || document.getElementById("report");
        if (heading) { heading.tabIndex = -1; heading.focus(); }
      });
      request.addEventListener("error", function () { form.submit(); });
      request.send(new FormData(form));
    }
  }
  function bindPlace() {
    var form = document.querySelector("form.place");
    if (!form) return;
    var select = form.querySelector("#place-floor");
    var across = form.querySelector("#place-x");
    var down = form.querySelector("#place-y");
    var status = form.querySelector("#place-status");
    function figure() { return form.querySelector('.plan-figure[data-floor="' + CSS.escape(select.value) + '"]'); }
    function number(input) { var value = parseFloat(input.value.replace(",", ".")); return isFinite(value) ? value : 50; }
    function tenth(value) { return Math.round(Math.min(100, Math.max(0, value)) * 10) / 10; }
    function draw() {
      form.querySelectorAll(".plan-figure").forEach(function (each) { each.hidden = true; });
      var shown = figure();
      if (!shown) return;
      shown.hidden = false;
      var pin = shown.querySelector(".pin");
      pin.style.left = number(across) + "%";
      pin.style.top = number(down) + "%";
    }
    function set(x, y, say) {
      across.value = String(tenth(x));
      down.value = String(tenth(y));
      draw();
      if (say) status.textContent = status.dataset.moved.replace("{x}", across.value).replace("{y}", down.value);
    }
    function fromPointer(event, frame) {
      var box = frame.getBoundingClientRect();
      set(100 * (event.clientX - box.left) / box.width, 100 * (event.clientY - box.top) / box.height, true);
    }
    form.querySelectorAll(".plan-figure").forEach(function (shown) {
      var frame = shown.querySelector(".plan-frame");
      var pin = shown.querySelector(".pin");
      var dragging = false;
      frame.addEventListener("pointerdown", function (event) {
        dragging = true;
        frame.setPointerCapture(event.pointerId);
        fromPointer(event, frame);
        pin.focus();
        event.preventDefault();
      });
      frame.addEventListener("pointermove", function (event) { if (dragging) fromPointer(event, frame); });
      frame.addEventListener("pointerup", function () { dragging = false; });
      pin.addEventListener("keydown", function (event) {
        var step = event.shiftKey ? 0.1 : 1;
        var moves = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] };
        var move = moves[event.key];
        if (!move) return;
        event.preventDefault();
        set(number(across) + move[0], number(down) + move[1], true);
      });
    });
    select.addEventListener("change", function () {
      if (select.value && across.value === "" && down.value === "") set(50, 50, false);
      draw();
    });
    across.addEventListener("input", draw);
    down.addEventListener("input", draw);
    draw();
  }
  function bindCues() {
    document.querySelectorAll(".transcript-player").forEach(function (player) {
      var box = document.getElementById(player.dataset.for);
      var audio = player.querySelector("audio");
      var button = player.querySelector(".cue-time");
      if (!box || !audio || !button) return;
      button.hidden = false;
      function stamp(seconds) {
        var ms = Math.round(seconds * 1000);
        function pad(n, width) { return String(n).padStart(width, "0"); }
        return pad(Math.floor(ms / 3600000), 2) + ":" + pad(Math.floor(ms / 60000) % 60, 2) + ":" +
          pad(Math.floor(ms / 1000) % 60, 2) + "." + pad(ms % 1000, 3);
      }
      button.addEventListener("click", function () {
        // A cue's start, then its end: "00:01:02.500 --> " waits for the second press.
        var at = box.selectionStart, text = box.value;
        var line = text.slice(text.lastIndexOf("\n", at - 1) + 1, at);
        var insert = /-->\s*$/.test(line) ? stamp(audio.currentTime) : stamp(audio.currentTime) + " --> ";
        box.value = text.slice(0, at) + insert + text.slice(box.selectionEnd);
        box.selectionStart = box.selectionEnd = at + insert.length;
        box.focus();
      });
    });
  }
  function bindTourDrag() {
    // Dragging a stop to its new place sends the same form a button would, with
    // where it was dropped; the buttons stay for the keyboard and without a mouse.
    var list = document.querySelector("ol.tour-stops");
    var form = document.querySelector("form.tour-move");
    if (!list || !form) return;
    var dragged = null;
    list.addEventListener("dragstart", function (event) {
      dragged = event.target.closest("li");
      if (dragged) event.dataTransfer.setData("text/plain", dragged.dataset.exhibit);
    });
    list.addEventListener("dragover", function (event) { if (dragged) event.preventDefault(); });
    list.addEventListener("drop", function (event) {
      var target = event.target.closest("li");
      if (!dragged || !target || target === dragged) return;
      event.preventDefault();
      var items = Array.prototype.slice.call(list.children);
      form.elements.exhibit.value = dragged.dataset.exhibit;
      form.elements.to.value = String(items.indexOf(target));
      form.submit();
    });
  }
  // The menu is a <details>, folded on a phone; on a wide screen it stands open. The
  // stylesheet shows it there in engines that style ::details-content; this does it in the rest.
  function bindMenu() {
    var menu = document.querySelector("details.menu");
    if (!menu || !window.matchMedia) return;
    var wide = window.matchMedia("(min-width: 64rem)");
    function follow() { if (wide.matches) menu.open = true; }
    follow();
    if (wide.addEventListener) wide.addEventListener("change", follow);
  }
  bindMenu();
  bind();
  bindPlace();
  bindCues();
  bindTourDrag();
})();
