// "Save for offline": audio is never kept on a first visit (a stop's recording is most of a
// megabyte), so a visitor who wants it on the device asks, on an exhibit or for every
// recording in the page's language. The button shows the size first; the service worker
// fetches and keeps the files, and the page says when they are saved. On an iPhone it says
// that Safari clears saved data after a week unless the guide is on the Home Screen.
(function () {
  "use strict";

  var boxes = document.querySelectorAll(".offline-save");
  if (!boxes.length || !("serviceWorker" in navigator) || !window.caches) return;

  var apple = /iPhone|iPad|iPod/.test(navigator.userAgent) || (navigator.platform === "MacIntel" && navigator.maxTouchPoints > 1);
  var installed = navigator.standalone === true || (window.matchMedia && window.matchMedia("(display-mode: standalone)").matches);

  function urlsOf(box) {
    if (box.dataset.urls) return Promise.resolve(JSON.parse(box.dataset.urls));
    return fetch(box.dataset.list, { credentials: "omit" }).then(function (response) {
      if (!response.ok) throw new Error(box.dataset.list + ": " + response.status);
      return response.json();
    });
  }

  // Pages are kept whenever they are visited; what saving adds is the rest.
  function allKept(urls) {
    urls = urls.filter(function (url) { return url.slice(-1) !== "/"; });
    return Promise.all(urls.map(function (url) { return caches.match(url, { ignoreSearch: true, ignoreVary: true }); }))
      .then(function (hits) { return hits.every(Boolean); });
  }

  function ask(worker, urls) {
    return new Promise(function (resolve, reject) {
      var channel = new MessageChannel();
      channel.port1.onmessage = function (event) {
        if (event.data && event.data.ok) resolve(); else reject(new Error(event.data && event.data.error));
      };
      worker.postMessage({ type: "save", urls: urls }, [channel.port2]);
    });
  }

  Array.prototype.forEach.call(boxes, function (box) {
    var button = box.querySelector("button");
    var status = box.querySelector("[role=status]");
    var note = box.querySelector(".offline-save-apple");

    function saved(justNow) {
      button.hidden = true;
      status.textContent = box.dataset.saved;
      if (justNow === true) window.expoCount("saved");
    }

    button.addEventListener("click", function () {
      button.disabled = true;
      status.textContent = box.dataset.saving;
      Promise.all([urlsOf(box), navigator.serviceWorker.ready])
        .then(function (both) { return ask(both[1].active, both[0]); })
        .then(function () { saved(true); }, function () {
          button.disabled = false;
          status.textContent = box.dataset.failed;
        });
    });

    box.hidden = false;
    if (note) note.hidden = !apple || installed;
    // A visitor who saved before sees that it is saved, not the offer again: checked in the
    // cache itself, since a new version of the guide or the browser may have cleared it.
    // A whole language's list is fetched for it only when this device saved it once.
    var remembered = "expo1900-saved " + (box.dataset.list || "");
    var once = false;
    try { once = Boolean(box.dataset.urls) || localStorage.getItem(remembered) === "1"; } catch (blocked) { /* private mode */ }
    if (once) urlsOf(box).then(allKept).then(function (kept) { if (kept) saved(); }, function () {});
    button.addEventListener("click", function () {
      try { if (box.dataset.list) localStorage.setItem(remembered, "1"); } catch (blocked) { /* private mode */ }
    });
  });
})();
