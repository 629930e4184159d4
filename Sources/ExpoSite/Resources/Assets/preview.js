// The live preview of `expo1900 serve --watch`: the server says which generation of the
// guide it serves, and the page reloads when that is not its own. An edit that breaks the
// catalog shows its message over the page, which stays as it was, until it is fixed.
(function () {
  "use strict";

  var script = document.currentScript;
  if (!script || !window.EventSource) return;
  var generation = script.dataset.generation;
  var banner = null;

  // A guide served earlier at this address may have left a service worker that would
  // answer with old pages.
  if (navigator.serviceWorker && navigator.serviceWorker.getRegistrations) {
    navigator.serviceWorker.getRegistrations().then(function (registrations) {
      registrations.forEach(function (registration) { registration.unregister(); });
    });
  }

  function showProblem(text) {
    if (!banner) {
      banner = document.createElement("div");
      banner.className = "preview-problem";
      banner.setAttribute("role", "alert");
      var heading = document.createElement("p");
      heading.className = "preview-problem-heading";
      heading.textContent = "The last edit cannot be shown; this is the guide from before it.";
      var details = document.createElement("pre");
      banner.appendChild(heading);
      banner.appendChild(details);
      document.body.insertBefore(banner, document.body.firstChild);
    }
    banner.querySelector("pre").textContent = text;
  }

  function hideProblem() {
    if (banner) banner.remove();
    banner = null;
  }

  var events = new EventSource(script.dataset.events);
  events.addEventListener("generation", function (event) {
    if (event.data !== generation) {
      window.location.reload();
    } else {
      hideProblem();
    }
  });
  events.addEventListener("problem", function (event) { showProblem(event.data); });
})();
