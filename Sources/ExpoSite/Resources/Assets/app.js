// Expo1900's optional enhancements. Every page works without this file.

// Screens slide forward by default (a push). Going up the hierarchy (exhibit → list →
// main) slides the other way, as a navigation controller pops; both pages of a
// cross-document view transition must agree, so both mark it.
(function () {
  "use strict";

  function depth(url) {
    return new URL(url, location.href).pathname.split("/").filter(Boolean).length;
  }

  function markBack(transition, fromURL, toURL) {
    if (transition && fromURL && toURL && depth(toURL) < depth(fromURL)) {
      transition.types.add("back");
    }
  }

  window.addEventListener("pageswap", function (event) {
    if (event.activation && event.activation.entry) {
      markBack(event.viewTransition, location.href, event.activation.entry.url);
    }
  });

  window.addEventListener("pagereveal", function (event) {
    var activation = window.navigation && window.navigation.activation;
    if (activation && activation.from && activation.entry) {
      markBack(event.viewTransition, activation.from.url, activation.entry.url);
    }
  });
})();

// Offline use: a service worker keeps the whole guide on the device. Pages say nothing
// about it unless the network is gone.
(function () {
  "use strict";

  var script = document.currentScript;
  if ("serviceWorker" in navigator && script && script.dataset.serviceWorker) {
    navigator.serviceWorker.register(script.dataset.serviceWorker, { scope: script.dataset.scope })
      .catch(function () { /* without it the guide still works online */ });
  }

  function showConnection() {
    var notice = document.querySelector(".offline-notice");
    if (notice) notice.hidden = navigator.onLine;
  }

  window.addEventListener("online", showConnection);
  window.addEventListener("offline", showConnection);
  document.addEventListener("DOMContentLoaded", showConnection);
})();

// A photo's average colour stands in while it loads. Once it has loaded, the colour goes,
// so it never shows around a picture fitted into a square (list thumbnails).
(function () {
  "use strict";

  function loaded(image) {
    if (image.className.indexOf("tone-") !== -1) image.classList.add("loaded");
  }

  document.addEventListener("load", function (event) {
    if (event.target.tagName === "IMG") loaded(event.target);
  }, true);
  document.addEventListener("DOMContentLoaded", function () {
    Array.prototype.forEach.call(document.images, function (image) { if (image.complete) loaded(image); });
  });
})();

// The language menu closes with Esc (focus back on its button) and when a tap lands elsewhere.
(function () {
  "use strict";
  var menu = document.querySelector(".language-menu");
  if (!menu) return;
  document.addEventListener("keydown", function (event) {
    if (event.key === "Escape" && menu.open) {
      menu.open = false;
      menu.querySelector("summary").focus();
    }
  });
  document.addEventListener("click", function (event) {
    if (menu.open && !menu.contains(event.target)) menu.open = false;
  });
})();
