// The exhibit's images full screen: pinch, double-tap, wheel or keys to zoom, drag to
// pan, swipe or arrows to move between images, Esc to close. Without this file each
// image is a plain link to its largest size. The viewer loads a larger file only when
// it opens, and again as the zoom needs one.
(function () {
  "use strict";

  // An exhibit's images, or the map's floor plans with their pins.
  var article = document.querySelector("[data-viewer]");
  if (!article || typeof HTMLDialogElement !== "function") return;
  var links = Array.prototype.slice.call(article.querySelectorAll("a.zoom-link"));
  if (!links.length) return;
  var text = article.dataset;
  var MAX_SCALE = 6;
  // Right to left, the next image lies to the left: arrows and swipes follow the reading direction.
  var forward = document.documentElement.dir === "rtl" ? -1 : 1;
  var dialog, stage, frame, counter, status, previousButton, nextButton;
  var index = 0, opener = null;
  var scale = 1, x = 0, y = 0;
  // A large photo's deep-zoom tiles (IIIF level 0, named on its link): past what the largest
  // file shows, only the tiles on screen at the level the zoom needs are fetched.
  var tiles = null, tileLayer = null, tileTimer = 0, statusTimer = 0, lastWheel = 0;

  function button(className, label, symbol, action) {
    var element = document.createElement("button");
    element.type = "button";
    element.className = "viewer-button " + className;
    element.setAttribute("aria-label", label);
    element.textContent = symbol;
    element.addEventListener("click", action);
    return element;
  }

  function build() {
    dialog = document.createElement("dialog");
    dialog.className = "viewer";
    dialog.setAttribute("aria-label", text.viewer);
    var bar = document.createElement("div");
    bar.className = "viewer-bar";
    counter = document.createElement("p");
    counter.className = "viewer-counter";
    counter.setAttribute("aria-live", "polite");
    // The zoom, said once it settles: a pinch would otherwise be read at every step.
    status = document.createElement("p");
    status.className = "visually-hidden";
    status.setAttribute("aria-live", "polite");
    bar.appendChild(button("viewer-close", text.close, "\u00d7", close));
    bar.appendChild(counter);
    bar.appendChild(button("viewer-zoom-out", text.zoomOut, "\u2212", function () { zoomBy(1 / 1.5); }));
    bar.appendChild(button("viewer-reset", text.resetZoom, "1:1", function () { reset(); }));
    bar.appendChild(button("viewer-zoom-in", text.zoomIn, "+", function () { zoomBy(1.5); }));
    stage = document.createElement("div");
    stage.className = "viewer-stage";
    frame = document.createElement("div");
    frame.className = "viewer-frame";
    stage.appendChild(frame);
    previousButton = button("viewer-previous", text.previousImage, forward > 0 ? "\u2039" : "\u203a", function () { go(-1); });
    nextButton = button("viewer-next", text.nextImage, forward > 0 ? "\u203a" : "\u2039", function () { go(1); });
    dialog.appendChild(bar);
    dialog.appendChild(status);
    dialog.appendChild(stage);
    if (links.length > 1) {
      dialog.appendChild(previousButton);
      dialog.appendChild(nextButton);
    }
    dialog.addEventListener("close", function () {
      frame.textContent = "";
      tiles = null;
      tileLayer = null;
      document.documentElement.classList.remove("viewer-open");
      if (opener) opener.focus();
    });
    dialog.addEventListener("keydown", onKey);
    stage.addEventListener("pointerdown", onPointerDown);
    stage.addEventListener("pointermove", onPointerMove);
    stage.addEventListener("pointerup", onPointerUp);
    stage.addEventListener("pointercancel", onPointerUp);
    stage.addEventListener("wheel", onWheel, { passive: false });
    document.body.appendChild(dialog);
  }

  // The page's <picture>, sized for the whole screen: the browser picks the file anew.
  function show(newIndex) {
    index = (newIndex + links.length) % links.length;
    var picture = links[index].querySelector("picture");
    var copy = picture ? picture.cloneNode(true) : links[index].querySelector("img, [role=img]").cloneNode(true);
    var image = copy.querySelector ? (copy.querySelector("img") || copy) : copy;
    image.removeAttribute("loading");
    image.removeAttribute("fetchpriority");
    image.className = "viewer-image";
    image.draggable = false;
    frame.textContent = "";
    var pins = links[index].parentNode.querySelector(".plan-pins");
    if (pins) {
      // A floor plan keeps its pins, drawn over it and zoomed with it; here they are only a
      // picture (the page's own pins are the links).
      var plan = document.createElement("div");
      plan.className = "viewer-plan";
      var overlay = pins.cloneNode(true);
      overlay.setAttribute("aria-hidden", "true");
      Array.prototype.forEach.call(overlay.querySelectorAll("a"), function (pin) {
        pin.removeAttribute("href");
        pin.removeAttribute("aria-label");
      });
      plan.appendChild(copy);
      plan.appendChild(overlay);
      frame.appendChild(plan);
      fitPlan();
    } else {
      frame.appendChild(copy);
      setUpTiles(links[index], image);
    }
    reset();
    counter.textContent = text.imageOf.replace("{n}", index + 1).replace("{count}", links.length);
  }

  // The plan and its pins as one box the size of the plan shown whole in the stage: the pins
  // are placed in percentages of that box.
  function fitPlan() {
    var plan = frame.querySelector(".viewer-plan");
    var image = plan && plan.querySelector("img");
    if (!image) return;
    var ratio = (Number(image.getAttribute("width")) || 4) / (Number(image.getAttribute("height")) || 3);
    var width = Math.min(stage.clientWidth, stage.clientHeight * ratio);
    plan.style.width = width + "px";
    plan.style.height = width / ratio + "px";
  }

  function setSizes() {
    // The wider the zoom, the wider the file the browser is asked for; a photo with tiles
    // keeps the file it opened with, and the tiles show the rest.
    var sizes = (tiles ? 1 : Math.min(Math.ceil(scale), MAX_SCALE)) * 100 + "vw";
    Array.prototype.forEach.call(frame.querySelectorAll("source, img[srcset]"), function (element) {
      if (element.getAttribute("sizes") !== sizes) element.setAttribute("sizes", sizes);
    });
  }

  function apply() {
    var image = frame.firstElementChild && (frame.querySelector("img") || frame.firstElementChild);
    if (image) {
      // Keep some of the image on screen whatever the pan.
      var limitX = Math.max(0, (image.offsetWidth * scale - stage.clientWidth) / 2 + stage.clientWidth * 0.25);
      var limitY = Math.max(0, (image.offsetHeight * scale - stage.clientHeight) / 2 + stage.clientHeight * 0.25);
      if (scale <= 1) { limitX = 0; limitY = 0; }
      x = Math.max(-limitX, Math.min(limitX, x));
      y = Math.max(-limitY, Math.min(limitY, y));
    }
    frame.style.transform = "translate(" + x + "px, " + y + "px) scale(" + scale + ")";
    // A plan's pins keep their size on screen as the plan grows.
    frame.style.setProperty("--viewer-scale", scale);
    dialog.dataset.scale = scale.toFixed(2);
    setSizes();
    clearTimeout(tileTimer);
    // A key or button zooms in one step: its tiles are asked for at once. A pinch, drag or
    // wheel moves on for a while: its tiles wait until it pauses.
    if (tiles) tileTimer = setTimeout(updateTiles, gesture || Date.now() - lastWheel < 200 ? 150 : 0);
    clearTimeout(statusTimer);
    statusTimer = setTimeout(announceZoom, 500);
  }

  function announceZoom() {
    var said = (text.zoomLevel || "{percent}%").replace("{percent}", Math.round(scale * 100));
    if (status.textContent !== said) status.textContent = said;
  }

  function setUpTiles(link, image) {
    tiles = null;
    tileLayer = null;
    var data = link.dataset;
    if (!data.tiles) return;
    tiles = {
      base: data.tiles,
      width: Number(data.tilesWidth),
      height: Number(data.tilesHeight),
      size: Number(data.tileSize),
      scales: data.scaleFactors.split(",").map(Number),
      image: image,
      level: 0,
      shown: {}
    };
    tileLayer = document.createElement("div");
    tileLayer.className = "viewer-tiles";
    tileLayer.setAttribute("aria-hidden", "true");
    frame.appendChild(tileLayer);
  }

  // The largest zoom: two device pixels to a photo pixel (one CSS pixel on a phone), or six
  // times the screen for a photo without tiles.
  function maxScale() {
    if (!tiles || !tiles.image.offsetWidth) return MAX_SCALE;
    return Math.max(MAX_SCALE, 2 * tiles.width / (tiles.image.offsetWidth * Math.min(window.devicePixelRatio || 1, 2)));
  }

  // The tiles on screen at the level this zoom needs, added over the picture in its own
  // coordinates (so they move and scale with it); those of other levels go once these are in.
  function updateTiles() {
    var image = tiles && tiles.image;
    if (!image || !image.offsetWidth) return;
    // The layer lies exactly over the picture as laid out, before the zoom's transform.
    tileLayer.style.left = image.offsetLeft + "px";
    tileLayer.style.top = image.offsetTop + "px";
    tileLayer.style.width = image.offsetWidth + "px";
    tileLayer.style.height = image.offsetHeight + "px";
    // CSS pixels across the photo now. Levels halve: the coarsest one with at least three
    // photo pixels to four CSS pixels (and more than the picture already shown) is never
    // more than 1.5 times too coarse, where asking for a whole pixel each could fetch four
    // times the bytes on a slow network for a sharpness the next step brings anyway.
    var across = image.offsetWidth * scale;
    var shown = image.naturalWidth || image.offsetWidth;
    if (across * 0.75 <= shown) { showLevel(0); return; }
    var level = tiles.scales[0];
    tiles.scales.forEach(function (factor) {
      var wide = tiles.width / factor;
      if (wide >= across * 0.75 && wide > shown && factor > level) level = factor;
    });
    // Where the stage's edges fall on the photo, in its pixels.
    var stageWidth = stage.clientWidth, stageHeight = stage.clientHeight;
    var left = stageWidth / 2 + x + scale * (image.offsetLeft - frame.clientWidth / 2);
    var top = stageHeight / 2 + y + scale * (image.offsetTop - frame.clientHeight / 2);
    var perPixel = tiles.width / (image.offsetWidth * scale);
    var fromX = Math.max(0, -left * perPixel), toX = Math.min(tiles.width, (stageWidth - left) * perPixel);
    var fromY = Math.max(0, -top * perPixel), toY = Math.min(tiles.height, (stageHeight - top) * perPixel);
    if (toX <= fromX || toY <= fromY) return;
    var span = tiles.size * level;
    for (var row = Math.floor(fromY / span); row * span < toY; row++) {
      for (var column = Math.floor(fromX / span); column * span < toX; column++) addTile(level, column, row);
    }
    showLevel(level);
  }

  function addTile(level, column, row) {
    var key = level + "/" + column + "/" + row;
    if (tiles.shown[key]) return;
    var span = tiles.size * level;
    var left = column * span, top = row * span;
    var width = Math.min(span, tiles.width - left), height = Math.min(span, tiles.height - top);
    var tile = document.createElement("img");
    tile.className = "viewer-tile";
    tile.alt = "";
    tile.draggable = false;
    tile.decoding = "async";
    tile.dataset.level = level;
    tile.style.left = (left / tiles.width * 100) + "%";
    tile.style.top = (top / tiles.height * 100) + "%";
    tile.style.width = (width / tiles.width * 100) + "%";
    tile.style.height = (height / tiles.height * 100) + "%";
    tile.addEventListener("load", function () { tile.classList.add("loaded"); showLevel(tiles ? tiles.level : 0); });
    tile.src = tiles.base + "/" + left + "," + top + "," + width + "," + height + "/" +
      Math.ceil(width / level) + "," + Math.ceil(height / level) + "/0/default.jpg";
    tiles.shown[key] = tile;
    tileLayer.appendChild(tile);
  }

  // Keeps `level`'s tiles; those of other levels stay under them only until all of this
  // level's have loaded, so the picture never goes blank while it sharpens.
  function showLevel(level) {
    if (!tiles) return;
    tiles.level = level;
    var current = Object.keys(tiles.shown).filter(function (key) { return Number(key.split("/")[0]) === level; });
    var ready = current.every(function (key) { return tiles.shown[key].classList.contains("loaded"); });
    if (!ready) return;
    Object.keys(tiles.shown).forEach(function (key) {
      if (Number(key.split("/")[0]) !== level) {
        tileLayer.removeChild(tiles.shown[key]);
        delete tiles.shown[key];
      }
    });
  }

  function reset() {
    scale = 1; x = 0; y = 0;
    apply();
  }

  // Zoom to `next`, keeping the point (cx, cy) from the stage's centre where it is.
  function zoomTo(next, cx, cy) {
    next = Math.max(1, Math.min(maxScale(), next));
    cx = cx || 0; cy = cy || 0;
    x = cx - (next / scale) * (cx - x);
    y = cy - (next / scale) * (cy - y);
    scale = next;
    apply();
  }

  function zoomBy(factor, cx, cy) { zoomTo(scale * factor, cx, cy); }

  function go(step) {
    if (links.length > 1) show(index + step);
  }

  function open(linkIndex) {
    if (!dialog) build();
    opener = document.activeElement;
    document.documentElement.classList.add("viewer-open");
    dialog.showModal();
    show(linkIndex);
  }

  function close() { dialog.close(); }

  function fromCentre(clientX, clientY) {
    var box = stage.getBoundingClientRect();
    return { x: clientX - box.left - box.width / 2, y: clientY - box.top - box.height / 2 };
  }

  function onKey(event) {
    var step = 48;
    switch (event.key) {
      case "+": case "=": zoomBy(1.5); break;
      case "-": case "_": zoomBy(1 / 1.5); break;
      case "0": reset(); break;
      case "ArrowLeft": if (scale > 1) { x += step; apply(); } else go(-forward); break;
      case "ArrowRight": if (scale > 1) { x -= step; apply(); } else go(forward); break;
      case "ArrowUp": if (scale > 1) { y += step; apply(); } else return; break;
      case "ArrowDown": if (scale > 1) { y -= step; apply(); } else return; break;
      default: return;
    }
    event.preventDefault();
  }

  // Pointers: one drags (or swipes when not zoomed), two pinch, two quick taps zoom.
  var pointers = new Map();
  var gesture = null;
  var lastTap = null;

  function distance() {
    var points = Array.from(pointers.values());
    return Math.hypot(points[0].x - points[1].x, points[0].y - points[1].y);
  }

  function middle() {
    var points = Array.from(pointers.values());
    return fromCentre((points[0].x + points[1].x) / 2, (points[0].y + points[1].y) / 2);
  }

  function onPointerDown(event) {
    if (event.target.closest && event.target.closest("button")) return;
    stage.setPointerCapture(event.pointerId);
    pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
    dialog.classList.add("gesturing");
    if (pointers.size === 2) {
      gesture = { kind: "pinch", distance: distance(), scale: scale, x: x, y: y, middle: middle() };
    } else if (pointers.size === 1) {
      gesture = { kind: "drag", startX: event.clientX, startY: event.clientY, x: x, y: y, time: Date.now() };
    }
  }

  function onPointerMove(event) {
    if (!pointers.has(event.pointerId) || !gesture) return;
    pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
    if (gesture.kind === "pinch" && pointers.size === 2) {
      var next = Math.max(1, Math.min(maxScale(), gesture.scale * distance() / gesture.distance));
      var now = middle();
      x = now.x - (next / gesture.scale) * (gesture.middle.x - gesture.x);
      y = now.y - (next / gesture.scale) * (gesture.middle.y - gesture.y);
      scale = next;
      apply();
    } else if (gesture.kind === "drag" && scale > 1) {
      x = gesture.x + event.clientX - gesture.startX;
      y = gesture.y + event.clientY - gesture.startY;
      apply();
    }
  }

  function onPointerUp(event) {
    if (!pointers.has(event.pointerId)) return;
    pointers.delete(event.pointerId);
    if (pointers.size > 0) {
      // One finger left after a pinch: it drags from here.
      var rest = Array.from(pointers.values())[0];
      gesture = { kind: "drag", startX: rest.x, startY: rest.y, x: x, y: y, time: 0 };
      return;
    }
    dialog.classList.remove("gesturing");
    if (gesture && gesture.kind === "drag" && event.type === "pointerup") {
      var dx = event.clientX - gesture.startX, dy = event.clientY - gesture.startY;
      var isTap = Math.abs(dx) < 10 && Math.abs(dy) < 10 && Date.now() - gesture.time < 300;
      if (scale <= 1 && Math.abs(dx) > 50 && Math.abs(dx) > Math.abs(dy)) {
        go(dx < 0 ? forward : -forward);
      } else if (isTap) {
        var now = Date.now();
        if (lastTap && now - lastTap.time < 350 && Math.hypot(event.clientX - lastTap.x, event.clientY - lastTap.y) < 30) {
          var point = fromCentre(event.clientX, event.clientY);
          if (scale > 1) reset(); else zoomTo(2.5, point.x, point.y);
          lastTap = null;
        } else {
          lastTap = { time: now, x: event.clientX, y: event.clientY };
        }
      }
    }
    gesture = null;
  }

  function onWheel(event) {
    event.preventDefault();
    lastWheel = Date.now();
    var point = fromCentre(event.clientX, event.clientY);
    // A trackpad pinch arrives as a wheel with the control key; its steps are small.
    zoomBy(Math.exp(-event.deltaY * (event.ctrlKey ? 0.01 : 0.002)), point.x, point.y);
  }

  // A turned phone: a plan is fitted to the stage again.
  window.addEventListener("resize", function () {
    if (dialog && dialog.open && frame.querySelector(".viewer-plan")) { fitPlan(); apply(); }
  });

  links.forEach(function (link, linkIndex) {
    link.addEventListener("click", function (event) {
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      event.preventDefault();
      open(linkIndex);
    });
  });
})();
