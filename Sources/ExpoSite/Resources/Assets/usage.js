// Counts how the guide is used, when the guide counts (docs/counts.md): plays and whether
// they reach 90 %, the speed chosen, transcripts and captions opened, the version chosen,
// searches that found nothing, saves and installs. Each is one beacon of a few fields; it
// carries nothing about the visitor, and no identifier is kept on the device. A browser
// that sends Global Privacy Control or Do Not Track sends nothing.
(function () {
  var meta = document.querySelector('meta[name="expo-count"]');
  var quiet = !meta || !navigator.sendBeacon || navigator.globalPrivacyControl === true ||
    navigator.doNotTrack === "1" || window.doNotTrack === "1";
  window.expoCount = function () {};
  window.expoMissed = function () {};
  if (!meta) return;

  // The stop's redirect says which way the visitor came; a reload or a shared link must not say it again.
  var here = new URL(location.href);
  var from = here.searchParams.get("from");
  if (from !== null) {
    here.searchParams.delete("from");
    history.replaceState(history.state, "", here.pathname + here.search + here.hash);
  }
  if (quiet) return;

  var endpoint = meta.content;
  var language = document.documentElement.lang;
  var article = document.querySelector("[data-count-subject]");
  var subject = article ? article.getAttribute("data-count-subject") : "";

  function send(fields) {
    var parts = [];
    Object.keys(fields).forEach(function (name) {
      if (fields[name] !== null && fields[name] !== undefined) parts.push(name + "=" + encodeURIComponent(fields[name]));
    });
    try { navigator.sendBeacon(endpoint, parts.join("&")); } catch (error) { /* counting never breaks the page */ }
  }

  window.expoCount = function (event, value) {
    var fields = { e: event, l: language };
    if (subject && event !== "installed") fields.x = subject;
    if (value !== undefined) fields.v = value;
    send(fields);
  };

  // Held a moment, and sent once a page: a query still being typed is not a miss yet.
  var missed = {};
  window.expoMissed = function (text, stillShown) {
    setTimeout(function () {
      if (!stillShown() || missed[text]) return;
      missed[text] = true;
      send({ e: "missed", l: language, q: text.slice(0, 200) });
    }, 1500);
  };

  // A static export's host counts nothing: its pages send their own views.
  if (meta.hasAttribute("data-views") && (subject || document.body.classList.contains("screen-exposition"))) {
    var entry = from === "label" || from === "stop" ? from : "other";
    if (entry === "other" && document.referrer) {
      var came = new URL(document.referrer);
      if (came.origin === location.origin) {
        var path = came.pathname;
        entry = /\/items\/(page\/\d+\/)?$/.test(path) ? (came.searchParams.get("q") ? "search" : "list")
          : /\/tours\//.test(path) ? "tour" : /\/browse\//.test(path) ? "browse"
          : /\/map\/$/.test(path) ? "map" : /\/stop\/$/.test(path) ? "stop" : "other";
      }
    }
    var tourStop = article && article.getAttribute("data-count-tour-stop");
    if (tourStop) entry = "tour";
    send({ e: "view", l: language, x: subject, v: entry, t: tourStop || null });
  }

  function kindOf(media) {
    var section = media.closest(".audio-guide, .video-guide");
    var version = section ? section.getAttribute("data-version") : null;
    if (media.tagName === "VIDEO") return version === "sign" ? "sign" : "video";
    return version === "description" ? "description" : "recording";
  }

  // Listened for on the document, in the capture phase: media events do not bubble.
  var started = [], finished = [];
  document.addEventListener("play", function (event) {
    var media = event.target;
    if (started.indexOf(media) >= 0) return;
    started.push(media);
    window.expoCount("start", kindOf(media));
  }, true);
  function maybeFinished(event) {
    var media = event.target;
    if (finished.indexOf(media) >= 0 || !(media.duration > 0)) return;
    if (event.type !== "ended" && media.currentTime < media.duration * 0.9) return;
    finished.push(media);
    window.expoCount("finish", kindOf(media));
  }
  document.addEventListener("timeupdate", maybeFinished, true);
  document.addEventListener("ended", maybeFinished, true);
  document.addEventListener("ratechange", function (event) {
    var rate = String(event.target.playbackRate);
    if (["0.75", "1", "1.25", "1.5", "2"].indexOf(rate) >= 0) window.expoCount("speed", rate);
  }, true);
  document.addEventListener("toggle", function (event) {
    if (event.target.matches && event.target.matches("details.transcript") && event.target.open) window.expoCount("transcript");
  }, true);
  Array.prototype.forEach.call(document.querySelectorAll("video"), function (video) {
    // Captions show by default; turning them on again after hiding them is what counts.
    var showing = null;
    video.textTracks.addEventListener("change", function () {
      var now = Array.prototype.some.call(video.textTracks, function (track) { return track.mode === "showing"; });
      if (now && showing === false) window.expoCount("captions");
      showing = now;
    });
  });
  document.addEventListener("change", function (event) {
    var input = event.target;
    if (input.matches && input.matches(".guide-choice input[name=guide]") && input.checked) window.expoCount("version", input.value);
  }, true);
  addEventListener("appinstalled", function () { window.expoCount("installed"); });
})();
