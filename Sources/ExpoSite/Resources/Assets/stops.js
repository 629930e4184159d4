// The go-to-stop form on a static host. The form asks for `stop/?n=12`; a server answers
// with the exhibit, but a static host can only serve the `stop/` page, so this takes the
// visitor on: straight to the exhibit when the page lists the stops (offline too), else to
// the exhibit the export's `stop/12/` page names. Without the script the page says what to do.
(function () {
  "use strict";

  var stops = document.querySelector(".stops[data-no-stop]");
  if (!stops || !window.URLSearchParams) return;
  var typed = (new URLSearchParams(location.search).get("n") || "").trim();
  if (typed === "") return;
  var form = stops.querySelector(".stop-form");
  var field = stops.querySelector(".stop-field");
  var message = stops.querySelector(".stop-message");
  var digits = /^[0-9]{1,9}$/.test(typed) ? String(parseInt(typed, 10)) : null;
  var list = stops.querySelector(".stop-list");
  if (digits && list) {
    var link = list.querySelector('a[data-stop="' + digits + '"]');
    if (link) { location.replace(link.href); return; }
  } else if (digits && digits !== "0") {
    // The export has one page per stop, in the main language; it names the exhibit's page
    // in every language, so the visitor stays in theirs. Without an answer, to that page.
    var page = new URL(digits + "/", new URL(stops.dataset.stopPages, location.href)).href;
    var language = document.documentElement.lang;
    fetch(page).then(function (response) {
      if (response.status === 404) throw new Error("no stop");
      return response.ok ? response.text() : "";
    }).then(function (html) {
      var alternate = new DOMParser().parseFromString(html, "text/html")
        .querySelector('link[rel="alternate"][hreflang="' + language + '"]');
      location.replace(alternate ? new URL(alternate.getAttribute("href"), page).href : page);
    }, function (error) {
      if (error.message === "no stop") unknown(); else location.replace(page);
    });
    return;
  }
  unknown();

  // A number the guide does not have: said, and left in the field to correct.
  function unknown() {
    message.textContent = stops.dataset.noStop.replace("{n}", typed.length > 12 ? typed.slice(0, 12) + "\u2026" : typed);
    message.hidden = false;
    field.value = typed;
  }
})();
