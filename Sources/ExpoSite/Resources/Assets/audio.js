// The audio guide's player, on an exhibit with a recording. Without this script the
// browser's own controls play it; with it, the page's own controls take their place:
// play/pause, a seek bar, 15 seconds back and forward, speed, and the transcript following
// along where it is timed. The lock screen shows the exhibit, and next/previous go where the
// page's data-previous and data-next say: the neighbouring stops by number, or, on a tour's
// stop (tours/<id>/<n>/), the tour's previous and next stops. An exhibit may have two
// players, the narration and the audio description; each works alike, and one playing
// pauses any other recording or video on the page.
(function () {
  "use strict";

  document.addEventListener("play", function (event) {
    Array.prototype.forEach.call(document.querySelectorAll("audio, video"), function (media) {
      if (media !== event.target && !media.paused) media.pause();
    });
  }, true);

  Array.prototype.forEach.call(document.querySelectorAll(".audio-guide"), player);

  function player(section) {
    var audio = section.querySelector("audio");
    var panel = section.querySelector(".player");
    if (!audio || !panel) return;

    var toggle = panel.querySelector(".player-toggle");
    var seek = panel.querySelector(".player-seek");
    var current = panel.querySelector(".player-current");
    var total = panel.querySelector(".player-total");
    var speed = panel.querySelector(".player-speed");
    var cues = Array.prototype.slice.call(section.querySelectorAll(".transcript [data-start]"));
    var seeking = false;

    function clock(seconds) {
      seconds = Math.max(0, Math.floor(seconds || 0));
      var minutes = Math.floor(seconds / 60);
      var rest = seconds % 60;
      return minutes + ":" + (rest < 10 ? "0" : "") + rest;
    }

    function duration() {
      return isFinite(audio.duration) && audio.duration > 0 ? audio.duration : Number(audio.dataset.duration) || 0;
    }

    function showTime() {
      var length = duration();
      seek.max = String(Math.max(1, Math.round(length)));
      if (!seeking) seek.value = String(Math.round(audio.currentTime));
      current.textContent = clock(audio.currentTime);
      total.textContent = clock(length);
      seek.setAttribute("aria-valuetext", seek.dataset.valueText
        .replace("{current}", clock(audio.currentTime)).replace("{total}", clock(length)));
      follow();
    }

    function showState() {
      var playing = !audio.paused && !audio.ended;
      toggle.setAttribute("aria-label", playing ? toggle.dataset.pause : toggle.dataset.play);
      toggle.classList.toggle("playing", playing);
      if (navigator.mediaSession) navigator.mediaSession.playbackState = playing ? "playing" : "paused";
    }

    // The cue being spoken is marked, and scrolled into view only while the transcript is
    // open and the visitor is not reading elsewhere in it.
    var spoken = null;
    function follow() {
      if (!cues.length) return;
      var now = audio.currentTime;
      var cue = null;
      for (var index = 0; index < cues.length; index++) {
        if (Number(cues[index].dataset.start) <= now + 0.05) cue = cues[index];
      }
      if (cue === spoken) return;
      if (spoken) spoken.removeAttribute("aria-current");
      spoken = cue;
      if (!cue) return;
      cue.setAttribute("aria-current", "true");
      var details = cue.closest("details");
      if (details && details.open && !audio.paused) cue.scrollIntoView({ block: "nearest" });
    }

    function skip(seconds) {
      var target = Math.min(Math.max(0, audio.currentTime + seconds), duration() || audio.currentTime + seconds);
      audio.currentTime = target;
      showTime();
    }

    toggle.addEventListener("click", function () {
      if (audio.paused || audio.ended) {
        var started = audio.play();
        if (started && started.catch) started.catch(function () { showState(); });
      } else {
        audio.pause();
      }
    });
    panel.querySelector(".player-back").addEventListener("click", function () { skip(-15); });
    panel.querySelector(".player-forward").addEventListener("click", function () { skip(15); });
    seek.addEventListener("input", function () {
      seeking = true;
      current.textContent = clock(Number(seek.value));
    });
    seek.addEventListener("change", function () {
      seeking = false;
      audio.currentTime = Number(seek.value);
      showTime();
    });
    speed.addEventListener("change", function () { audio.playbackRate = Number(speed.value) || 1; });
    // A cue in the transcript is a place to listen from.
    cues.forEach(function (cue) {
      cue.addEventListener("click", function () {
        audio.currentTime = Number(cue.dataset.start);
        showTime();
      });
    });

    ["timeupdate", "durationchange", "loadedmetadata", "seeked"].forEach(function (name) {
      audio.addEventListener(name, showTime);
    });
    ["play", "pause", "ended"].forEach(function (name) { audio.addEventListener(name, showState); });
    audio.addEventListener("ratechange", function () { speed.value = String(audio.playbackRate); });

    // The page's controls replace the browser's, which stay for a visit without this script.
    audio.removeAttribute("controls");
    panel.hidden = false;
    // The player shows the length itself.
    var length = section.querySelector(".audio-length");
    if (length) length.hidden = true;
    showTime();
    showState();

    // The lock screen's entry is made when the recording plays: its picture is fetched
    // then, not by every visit to the page; each player makes it its own when it plays.
    if (!navigator.mediaSession || typeof MediaMetadata === "undefined") return;
    audio.addEventListener("play", function lockScreen() {
      var artwork = [];
      if (section.dataset.artwork) {
        artwork.push({ src: section.dataset.artwork, sizes: section.dataset.artworkSize || "512x512" });
        if (section.dataset.artworkType) artwork[0].type = section.dataset.artworkType;
      }
      navigator.mediaSession.metadata = new MediaMetadata({
        title: section.dataset.title || document.title,
        artist: section.dataset.guide || "",
        artwork: artwork
      });
      function handle(action, work) {
        try { navigator.mediaSession.setActionHandler(action, work); } catch (unsupported) { /* an older browser */ }
      }
      handle("play", function () { audio.play(); });
      handle("pause", function () { audio.pause(); });
      handle("seekbackward", function (details) { skip(-(details.seekOffset || 15)); });
      handle("seekforward", function (details) { skip(details.seekOffset || 15); });
      handle("seekto", function (details) { audio.currentTime = details.seekTime; showTime(); });
      handle("previoustrack", section.dataset.previous ? function () { location.href = section.dataset.previous; } : null);
      handle("nexttrack", section.dataset.next ? function () { location.href = section.dataset.next; } : null);
    });
  }
})();
