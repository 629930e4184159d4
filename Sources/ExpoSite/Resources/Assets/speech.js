// Read aloud, on screens 1 and 3: the device's speech synthesis reads the title and the
// description in the page's language. The button shows only where there is a voice
// for that language, and turns into pause/resume with a stop beside it while it reads.
// Its place is kept from the first paint, shown or not, so that a voice found late (or
// none) moves nothing on the page.
(function () {
  "use strict";

  var box = document.querySelector(".speech");
  if (!box || !window.speechSynthesis || typeof SpeechSynthesisUtterance === "undefined") return;
  var synth = window.speechSynthesis;
  var toggle = box.querySelector(".speech-toggle");
  var stop = box.querySelector(".speech-stop");
  var language = document.documentElement.lang.toLowerCase();
  var voice = null;
  var state = "idle";
  var run = 0;

  function findVoice(code) {
    var wanted = (code || language).toLowerCase().split("-")[0];
    return (synth.getVoices() || []).filter(function (candidate) {
      return (candidate.lang || "").replace("_", "-").toLowerCase().split("-")[0] === wanted;
    })[0] || null;
  }

  // Voices often arrive after the page loads.
  function offer() {
    voice = findVoice();
    box.dataset.voice = voice ? "found" : "none";
  }

  function show(next) {
    state = next;
    toggle.textContent = state === "speaking" ? toggle.dataset.pause
      : state === "paused" ? toggle.dataset.resume : toggle.dataset.readAloud;
    stop.hidden = state === "idle";
  }

  // Each text with its language: a text still in the catalog's main language for want of
  // a translation carries its own lang, and is read in that language's voice when there is one.
  function texts() {
    return Array.prototype.map.call(document.querySelectorAll("[data-read]"), function (element) {
      var marked = element.closest("[lang]");
      return { text: element.textContent.replace(/\s+/g, " ").trim(), lang: marked ? marked.lang : language };
    }).filter(function (part) { return part.text; });
  }

  function start() {
    synth.cancel();
    var current = ++run;
    var parts = texts();
    // One utterance per paragraph: long ones are cut off by some engines.
    parts.forEach(function (part, index) {
      var utterance = new SpeechSynthesisUtterance(part.text);
      var own = part.lang.toLowerCase() === language ? voice : findVoice(part.lang) || voice;
      utterance.voice = own;
      utterance.lang = own.lang;
      utterance.onerror = function () { if (current === run) show("idle"); };
      if (index === parts.length - 1) utterance.onend = function () { if (current === run) show("idle"); };
      synth.speak(utterance);
    });
    show("speaking");
  }

  toggle.addEventListener("click", function () {
    if (state === "idle") {
      start();
    } else if (state === "speaking") {
      synth.pause();
      show("paused");
    } else {
      synth.resume();
      show("speaking");
    }
  });

  stop.addEventListener("click", function () {
    run++;
    synth.cancel();
    show("idle");
    toggle.focus();
  });

  window.addEventListener("pagehide", function () {
    run++;
    synth.cancel();
  });

  offer();
  if (synth.addEventListener) synth.addEventListener("voiceschanged", offer);
})();
