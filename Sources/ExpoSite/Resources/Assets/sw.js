// Expo1900's service worker. The lines above this file's first comment are generated for
// each site: CACHE (named after the site's content, so a new deployment replaces it),
// PRECACHE (every page and asset, with each photo's phone sizes only, or a large site's shell), PRIMARY (the catalog's first language), NOT_FOUND
// (the 404 page of each language's folder) and SERVER_PATHS (what the server answers beside
// the guide on the same address, such as the studio).
"use strict";

self.addEventListener("install", function (event) {
  // Plain requests without cookies or a language preference, so the server's "/"
  // redirect and the language cookie cannot put another language's page under a URL.
  var requests = PRECACHE.map(function (url) {
    return new Request(url, { credentials: "omit", cache: "reload", headers: { "Accept-Language": PRIMARY } });
  });
  event.waitUntil(
    caches.open(CACHE)
      .then(function (cache) { return cache.addAll(requests); })
      .then(function () { return self.skipWaiting(); })
  );
});

self.addEventListener("activate", function (event) {
  event.waitUntil(
    caches.keys()
      .then(function (names) {
        return Promise.all(names
          .filter(function (name) { return name.indexOf("expo1900-") === 0 && name !== CACHE; })
          .map(carryOver));
      })
      .then(function () { return self.clients.claim(); })
  );
});

var MATCH = { ignoreSearch: true, ignoreVary: true };

// A new version of the guide replaces the old cache, but the recordings a visitor saved
// are named by their content: those the new version still links keep their names, so they
// are moved over rather than lost (the page says "saved" again only if all are there).
function carryOver(name) {
  return caches.open(name).then(function (old) {
    return old.keys().then(function (requests) {
      return caches.open(CACHE).then(function (cache) {
        return Promise.all(requests.filter(function (request) { return MEDIA.test(new URL(request.url).pathname); })
          .map(function (request) {
            return old.match(request).then(function (response) { return response && cache.put(request, response); });
          }));
      });
    });
  }).catch(function () { /* what could not be moved is fetched again when saved again */ })
    .then(function () { return caches.delete(name); });
}

// The studio's pages are a member of staff's, on what may be a shared device: the worker
// neither answers them nor keeps them.
function serverPath(path) {
  return SERVER_PATHS.some(function (prefix) { return (path + "/").indexOf(prefix) === 0; });
}

// Keeps what the visitor has seen, so it works offline too (all of it, on a site too large
// to precache). Only complete answers the server lets be stored, under the address without
// its query.
function keep(response) {
  if (response.ok && !response.redirected && response.type === "basic"
      && !/no-store/i.test(response.headers.get("Cache-Control") || "")) {
    var copy = response.clone();
    var path = new URL(response.url).pathname;
    caches.open(CACHE).then(function (cache) { return cache.put(path, copy); });
  }
  return response;
}

function fromCache(request) {
  return caches.open(CACHE).then(function (cache) {
    var path = new URL(request.url).pathname;
    return cache.match(path, MATCH)
      .then(function (hit) { return hit || (path.slice(-1) !== "/" ? cache.match(path + "/", MATCH) : undefined); })
      .then(function (hit) {
        if (hit || request.mode !== "navigate") return hit;
        var notFound = NOT_FOUND.filter(function (entry) { return path.indexOf(entry.folder) === 0; })
          .sort(function (a, b) { return b.folder.length - a.folder.length; })[0];
        return notFound ? cache.match(notFound.page, MATCH) : undefined;
      });
  });
}

// Recordings and videos are kept only when the visitor saves them ("Save for offline"), and
// a player asks for them in ranges: a saved one is answered in parts from the cache (Safari
// will not play a file it cannot seek in); any other goes to the network untouched.
var MEDIA = /\/(audio|video)\/[^\/]+$/;

self.addEventListener("fetch", function (event) {
  var request = event.request;
  var address = new URL(request.url);
  if (request.method !== "GET" || address.origin !== self.location.origin || serverPath(address.pathname)) return;
  if (MEDIA.test(address.pathname)) {
    event.respondWith(fromCache(request).then(function (hit) {
      return hit ? ranged(request, hit) : fetch(request);
    }));
    return;
  }
  if (request.mode === "navigate") {
    // Pages: the network first, so a new deployment shows at once; the copy when offline.
    event.respondWith(fetch(request).then(keep).catch(function () {
      return fromCache(request).then(function (hit) { return hit || Response.error(); });
    }));
    return;
  }
  // Assets are content-hashed: the cached copy is always right.
  event.respondWith(fromCache(request).then(function (hit) {
    return hit || fetch(request).then(keep).catch(function (error) {
      return otherRendition(request).then(function (other) {
        if (other) return other;
        throw error;
      });
    });
  }));
});

// A photo comes in several widths and formats (`/images/jikji-800.1a2b3c4d5e.avif`), and
// only those a phone shows are kept ahead. Offline, a page that asks for another one gets
// the widest kept file of the same photo in a format the browser takes.
var RENDITION = /^(.*\/images\/.+)-(\d+)\.[0-9a-f]{10}\.([a-z]+)$/;

function otherRendition(request) {
  var wanted = RENDITION.exec(new URL(request.url).pathname);
  if (!wanted) return Promise.resolve(undefined);
  var accept = request.headers.get("Accept") || "";
  var types = { avif: "image/avif", webp: "image/webp", jpg: "image/jpeg", png: "image/png" };
  return caches.open(CACHE).then(function (cache) {
    return cache.keys().then(function (keys) {
      var best;
      keys.forEach(function (key) {
        var kept = RENDITION.exec(new URL(key.url).pathname);
        if (!kept || kept[1] !== wanted[1]) return;
        var shown = kept[3] === "jpg" || kept[3] === "png" || accept.indexOf(types[kept[3]]) !== -1;
        if (shown && (!best || Number(kept[2]) > best.width)) best = { key: key, width: Number(kept[2]) };
      });
      return best ? cache.match(best.key) : undefined;
    });
  });
}

// The part of a kept file that `request`'s Range header asks for (RFC 9110: one range;
// anything else gets the whole file).
function ranged(request, response) {
  var header = request.headers.get("Range");
  var asked = header && /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!asked || (asked[1] === "" && asked[2] === "")) return response;
  return response.blob().then(function (blob) {
    var size = blob.size;
    var first = asked[1] === "" ? Math.max(0, size - Number(asked[2])) : Number(asked[1]);
    var last = asked[1] === "" || asked[2] === "" ? size - 1 : Math.min(Number(asked[2]), size - 1);
    if (first >= size || first > last) {
      return new Response(null, { status: 416, headers: { "Content-Range": "bytes */" + size } });
    }
    var headers = new Headers(response.headers);
    headers.set("Content-Range", "bytes " + first + "-" + last + "/" + size);
    headers.set("Content-Length", String(last - first + 1));
    return new Response(blob.slice(first, last + 1), { status: 206, statusText: "Partial Content", headers: headers });
  });
}

// "Save for offline": the page sends the files an exhibit (or a language's whole audio
// guide) needs; each is fetched whole and kept under its path, and the page is told when
// all are kept or one failed.
self.addEventListener("message", function (event) {
  var message = event.data || {};
  var port = event.ports && event.ports[0];
  if (message.type !== "save" || !Array.isArray(message.urls) || !port) return;
  var work = caches.open(CACHE).then(function (cache) {
    return Promise.all(message.urls.map(function (url) {
      var address = new URL(url, self.location.href);
      if (address.origin !== self.location.origin || serverPath(address.pathname)) return undefined;
      return fetch(new Request(address.href, { credentials: "omit" })).then(function (response) {
        if (response.status !== 200) throw new Error(address.pathname + ": " + response.status);
        return cache.put(address.pathname, response);
      });
    }));
  });
  event.waitUntil(work.then(function () { port.postMessage({ ok: true }); },
    function (error) { port.postMessage({ ok: false, error: String(error) }); }));
});
