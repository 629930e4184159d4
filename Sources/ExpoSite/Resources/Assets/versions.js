// The version of the guide a visitor chose (standard, audio description, easy read, sign
// language), kept on the device in localStorage (no cookie, nothing sent anywhere) and
// followed on every page: an exhibit shows its chosen version first, and with easy read the
// long text folds away behind "Full text". A QR code or link may carry the choice
// (`?guide=sign`), and it is kept from then on. The pages as sent show every version, in a
// fixed order, with headings: that is what a browser without scripts shows.
(function () {
  "use strict";

  var KEY = "expo1900-guide";
  var CODES = ["standard", "description", "easy", "sign"];

  function stored() {
    try { return window.localStorage.getItem(KEY); } catch (blocked) { return null; }
  }

  function keep(code) {
    try { window.localStorage.setItem(KEY, code); } catch (blocked) { /* private mode: this page still follows it */ }
  }

  var given = null;
  try { given = new URLSearchParams(window.location.search).get("guide"); } catch (old) { /* no URLSearchParams */ }
  var chosen = CODES.indexOf(given) !== -1 ? given : stored();
  if (CODES.indexOf(chosen) === -1) chosen = "standard";
  if (given === chosen) keep(chosen);

  // Each version's place in the page as sent, so that a change of mind puts it back.
  var versions = Array.prototype.map.call(document.querySelectorAll(".guide-version[data-version]"), function (section) {
    var marker = document.createComment("");
    section.parentNode.insertBefore(marker, section);
    return { section: section, marker: marker };
  });
  var prose = document.querySelector(".prose[data-full-text]");
  var fullText = null;

  // Where a chosen version goes: first in the text, after the stop number and the buttons.
  function anchor() {
    var text = document.querySelector(".exhibit-text, .exposition-text");
    if (!text) return null;
    var audio = text.querySelector(".audio-guide:not(.guide-version)");
    var video = text.querySelector(".video-guide:not(.guide-version)");
    return audio || video || prose;
  }

  function foldProse(fold) {
    if (!prose) return;
    if (fold && !fullText) {
      fullText = document.createElement("button");
      fullText.type = "button";
      fullText.className = "full-text-toggle";
      fullText.textContent = prose.dataset.fullText;
      fullText.setAttribute("aria-expanded", "false");
      fullText.addEventListener("click", function () {
        var open = fullText.getAttribute("aria-expanded") !== "true";
        fullText.setAttribute("aria-expanded", String(open));
        prose.hidden = !open;
      });
    }
    if (fold) {
      prose.parentNode.insertBefore(fullText, prose);
      fullText.setAttribute("aria-expanded", "false");
      prose.hidden = true;
    } else {
      if (fullText && fullText.parentNode) fullText.parentNode.removeChild(fullText);
      prose.hidden = false;
    }
  }

  function apply(code) {
    document.documentElement.setAttribute("data-guide", code);
    var first = null;
    versions.forEach(function (version) {
      version.marker.parentNode.insertBefore(version.section, version.marker.nextSibling);
      version.section.classList.remove("guide-chosen");
      if (version.section.dataset.version === code) first = version.section;
    });
    if (first) {
      var before = anchor();
      if (before && before !== first) before.parentNode.insertBefore(first, before);
      first.classList.add("guide-chosen");
    }
    foldProse(code === "easy" && !!first);
  }

  apply(chosen);

  Array.prototype.forEach.call(document.querySelectorAll(".guide-choice"), function (box) {
    var status = box.querySelector(".guide-choice-status");
    Array.prototype.forEach.call(box.querySelectorAll("input[name=guide]"), function (input) {
      input.checked = input.value === chosen;
      input.addEventListener("change", function () {
        if (!input.checked) return;
        chosen = input.value;
        keep(chosen);
        apply(chosen);
        if (status) status.textContent = input.dataset.chosen;
      });
    });
  });
})();
