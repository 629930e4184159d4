// Videos: their captions show from the start. The page asks for that with `default` on the
// track, which Chromium honours; Safari's engine leaves a default track off unless the
// phone's own settings ask for captions, so the page turns it on. A visitor turns them off
// with the player's own button.
(function () {
  "use strict";

  Array.prototype.forEach.call(document.querySelectorAll("video.video-player"), function (video) {
    var track = video.querySelector("track[default]");
    if (!track || !video.textTracks) return;
    Array.prototype.forEach.call(video.textTracks, function (text) {
      if (text.kind === "captions" && text.language === track.srclang && text.label === track.label) text.mode = "showing";
    });
  });
})();
