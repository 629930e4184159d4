// Share, on screen 3: the system's share sheet where the browser has one (Web Share),
// otherwise the page's link copied, with a confirmation beside the button.
(function () {
  "use strict";

  var box = document.querySelector(".share");
  if (!box) return;
  var button = box.querySelector(".share-button");
  var status = box.querySelector(".share-status");
  var clear = 0;

  // The page's own address: the canonical one when the site knows it, never a query.
  function address() {
    var canonical = document.querySelector('link[rel="canonical"]');
    return canonical ? canonical.href : location.origin + location.pathname;
  }

  function say(message) {
    status.textContent = message;
    clearTimeout(clear);
    clear = setTimeout(function () { status.textContent = ""; }, 5000);
  }

  // For browsers without the asynchronous clipboard, or where it is refused.
  function copyBySelection(text) {
    var area = document.createElement("textarea");
    area.value = text;
    area.setAttribute("readonly", "");
    area.className = "visually-hidden";
    document.body.appendChild(area);
    area.select();
    var copied = false;
    try { copied = document.execCommand("copy"); } catch (error) { copied = false; }
    area.remove();
    return copied ? Promise.resolve() : Promise.reject(new Error("copy refused"));
  }

  function copy(text) {
    if (navigator.clipboard && navigator.clipboard.writeText) {
      return navigator.clipboard.writeText(text).catch(function () { return copyBySelection(text); });
    }
    return copyBySelection(text);
  }

  function copyAndSay(url) {
    copy(url).then(function () { say(button.dataset.copied); }, function () { say(button.dataset.failed); });
  }

  button.addEventListener("click", function () {
    var url = address();
    if (navigator.share) {
      var description = document.querySelector('meta[name="description"]');
      navigator.share({ title: document.querySelector("h1").textContent.trim(),
        text: description ? description.content : "", url: url })
        .catch(function (error) {
          // The visitor closing the sheet is not a failure; anything else falls back to copying.
          if (!error || error.name !== "AbortError") copyAndSay(url);
        });
    } else {
      copyAndSay(url);
    }
  });
})();
