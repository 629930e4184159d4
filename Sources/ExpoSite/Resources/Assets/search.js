// Screen 2's search, over an index cut into shards (SearchShards.swift describes the files):
// a query fetches the manifest, the shards its words lead to and the rows it shows, and
// nothing else. The steps are the server's (SearchQuery.swift), which answers the same form
// without JavaScript; Tests/Shared/search-cases.json holds both to the same answers, here in
// Chromium and WebKit over the whole index and over many small shards.
(function () {
  "use strict";

  var INITIALS = "ㄱㄲㄴㄷㄸㄹㅁㅂㅃㅅㅆㅇㅈㅉㅊㅋㅌㅍㅎ";
  // Final consonant 1…27 → what the syllable keeps of it and the initial it becomes.
  var FINALS = [[0, "ㄱ"], [0, "ㄲ"], [1, "ㅅ"], [0, "ㄴ"], [4, "ㅈ"], [4, "ㅎ"], [0, "ㄷ"], [0, "ㄹ"], [8, "ㄱ"],
    [8, "ㅁ"], [8, "ㅂ"], [8, "ㅅ"], [8, "ㅌ"], [8, "ㅍ"], [8, "ㅎ"], [0, "ㅁ"], [0, "ㅂ"], [17, "ㅅ"], [0, "ㅅ"],
    [0, "ㅆ"], [0, "ㅇ"], [0, "ㅈ"], [0, "ㅊ"], [0, "ㅋ"], [0, "ㅌ"], [0, "ㅍ"], [0, "ㅎ"]];
  // The letters of a word the index keeps (SearchText.longestWord): a query's words are cut alike.
  var LONGEST_WORD = 32;
  var WORD = /[\p{L}\p{M}\p{N}]+/gu;
  var WORD_CHARACTER = /^[\p{L}\p{M}\p{N}]$/u;
  // Where each word of a query was found, best first, as SearchQuery.Level.
  var WHOLE_NAME = 0, NAME_START = 1, WHOLE_TEXT = 2, TEXT_START = 3, NAME_TYPO = 4, TEXT_TYPO = 5, NONE = 255;

  function fold(text) {
    return text.normalize("NFD").replace(/[\u0300-\u036f]/g, "").normalize("NFC").toLowerCase();
  }
  function words(text) { return (fold(text).match(WORD) || []).map(function (word) { return Array.from(word); }); }
  function isSyllable(character) { var code = character.codePointAt(0); return code >= 0xac00 && code <= 0xd7a3; }
  function pathOf(character) {
    return isSyllable(character) ? INITIALS[Math.floor((character.codePointAt(0) - 0xac00) / 588)] : character;
  }
  // A branch's file is named after its letters, as SearchShards names it: the hex of their UTF-8.
  function fileOf(kind, key) {
    return kind + Array.from(new TextEncoder().encode(key), function (byte) { return (byte < 16 ? "0" : "") + byte.toString(16); }).join("") + ".json";
  }
  function accepts(wanted, found) {
    return wanted === found || (isSyllable(found) && INITIALS.indexOf(wanted) >= 0 && pathOf(found) === wanted);
  }
  function startsWith(word, pattern) {
    if (pattern.length > word.length) return false;
    for (var i = 0; i < pattern.length; i++) if (!accepts(pattern[i], word[i])) return false;
    return true;
  }
  // 강 may be 가 on its way to 가야.
  function withoutFinal(word) {
    var last = word[word.length - 1], code = last.codePointAt(0);
    if (!isSyllable(last) || (code - 0xac00) % 28 === 0) return null;
    var final = FINALS[(code - 0xac00) % 28 - 1];
    return word.slice(0, -1).concat([String.fromCodePoint(code - (code - 0xac00) % 28 + final[0]), final[1]]);
  }
  function same(a, b) { return a.length === b.length && a.every(function (c, i) { return c === b[i]; }); }
  function withinOneEdit(a, b) {
    if (Math.abs(a.length - b.length) > 1) return false;
    var start = 0;
    while (start < a.length && start < b.length && a[start] === b[start]) start++;
    if (start === a.length && start === b.length) return true;
    var restA = a.slice(start), restB = b.slice(start);
    if (a.length === b.length) {
      return same(restA.slice(1), restB.slice(1)) ||
        (restA.length >= 2 && restA[0] === restB[1] && restB[0] === restA[1] && same(restA.slice(2), restB.slice(2)));
    }
    return a.length > b.length ? same(restA.slice(1), restB) : same(restA, restB.slice(1));
  }
  function startsWithOneTypo(word, term) {
    return [term.length - 1, term.length, term.length + 1].some(function (length) {
      return length <= word.length && withinOneEdit(word.slice(0, length), term);
    });
  }
  function undelta(list) {
    var docs = new Int32Array(list.length), doc = 0;
    for (var i = 0; i < list.length; i++) { doc = i === 0 ? list[0] : doc + list[i]; docs[i] = doc; }
    return docs;
  }

  // The index: files fetched once each. A file that cannot be had (offline, not kept)
  // counts as empty and marks the answer as possibly incomplete.
  function Index(manifestURL) {
    var files = {}, self = this, folder = manifestURL;
    this.incomplete = false;
    this.fetched = [];
    function get(url) {
      return fetch(url).then(function (response) { return response.ok ? response.json() : Promise.reject(response.status); });
    }
    // The other files are in the folder the manifest names.
    this.file = function (name) {
      if (!files[name]) {
        self.fetched.push(name);
        files[name] = get(new URL(name, folder).href)
          .catch(function () { self.incomplete = true; delete files[name]; return null; });
      }
      return files[name];
    };
    this.ready = get(manifestURL).catch(function () { return null; }).then(function (manifest) {
      if (!manifest || !manifest.files) return Promise.reject(new Error("no search index"));
      self.manifest = manifest;
      folder = new URL(manifest.files, manifestURL).href;
      return self;
    });
  }

  // A shard read once into words and exhibit numbers: a visitor typing on asks the same
  // shard again at every key, and a common word lists every exhibit.
  Index.prototype.shard = function (node, key) {
    var self = this, name = fileOf("t", key);
    this.shards = this.shards || {};
    if (!this.shards[name]) {
      this.shards[name] = this.file(name).then(function (entries) {
        if (!entries) { delete self.shards[name]; return []; }
        var hits = [];
        entries.forEach(function (entry) {
          var word = Array.from(entry[0]);
          if (node[0] === 0) {
            hits.push({ word: word, exact: !entry[3], names: undelta(entry[1]), texts: undelta(entry[2]) });
          } else {
            // A summary: exhibits with a word so starting, and those where it is the whole word.
            hits.push({ word: word, exact: false, names: undelta(entry[1]), texts: undelta(entry[2]) });
            hits.push({ word: word, exact: true, names: undelta(entry[3]), texts: undelta(entry[4]) });
          }
        });
        return hits;
      });
    }
    return this.shards[name];
  };

  // The words `pattern` starts, as [{ word, whole, names, texts }], from the one shard its
  // letters lead to: a branch's own shard, or the summary of a branch cut further.
  Index.prototype.hits = function (pattern) {
    var nodes = this.manifest.nodes, path = pattern.map(pathOf), key = "", node = nodes[key], depth = 0;
    while (!node || node[0] === 1) {
      if (depth === path.length) break;
      depth++;
      key = path.slice(0, depth).join("");
      node = nodes[key];
      if (!node) return Promise.resolve([]);
    }
    if (!node || (node[0] === 1 && depth !== path.length)) return Promise.resolve([]);
    return this.shard(node, key).then(function (all) {
      var hits = [];
      all.forEach(function (hit) {
        if (!startsWith(hit.word, pattern)) return;
        // In a shard a word is whole when it is all of the pattern; in a summary, the
        // exhibits listed as whole are those whose word is exactly the spelling.
        var whole = hit.exact && (node[0] === 1 || hit.word.length === pattern.length);
        hits.push({ word: hit.word, whole: whole, names: hit.names, texts: hit.texts });
      });
      return hits;
    });
  };

  // Words of four letters or more that start like `term`: the typo candidates.
  Index.prototype.vocabulary = function (term) {
    var typo = this.manifest.typo, path = term.slice(0, 2).map(pathOf);
    var key = [path.slice(0, 2).join(""), path[0], ""].filter(function (k) { return k in typo; })[0];
    if (key === undefined) return Promise.resolve([]);
    return this.file(fileOf("v", key)).then(function (list) {
      return (list || []).map(function (word) { return Array.from(word); });
    });
  };

  function Search(index) { this.index = index; this.count = index.manifest.count; this.known = new Map(); }

  Search.prototype.levels = function () { return new Uint8Array(this.count).fill(NONE); };

  Search.prototype.merge = function (hits, levels, typo) {
    hits.forEach(function (hit) {
      var name = typo ? NAME_TYPO : hit.whole ? WHOLE_NAME : NAME_START;
      var text = typo ? TEXT_TYPO : hit.whole ? WHOLE_TEXT : TEXT_START;
      var names = hit.names, texts = hit.texts, i, doc;
      for (i = 0; i < names.length; i++) { doc = names[i]; if (levels[doc] > name) levels[doc] = name; }
      for (i = 0; i < texts.length; i++) { doc = texts[i]; if (levels[doc] > text) levels[doc] = text; }
    });
    return levels;
  };

  function isEmpty(levels) {
    if (levels === null) return true;
    for (var i = 0; i < levels.length; i++) if (levels[i] !== NONE) return false;
    return true;
  }

  // Exhibit → best level for one word of the query (NONE where not found); kept for the
  // next keystrokes, which mostly repeat the words before the last. Not kept when a file
  // was missing (offline), so that it is tried again.
  Search.prototype.matches = function (term, halfTyped) {
    term = term.slice(0, LONGEST_WORD);
    var self = this, key = term.join("") + (halfTyped ? "\u0001" : "");
    if (this.known.has(key)) return Promise.resolve(this.known.get(key));
    return this.matchesAnew(term, halfTyped).then(function (levels) {
      if (self.known.size > 64) self.known.clear();
      if (!self.index.incomplete) self.known.set(key, levels);
      return levels;
    });
  };

  Search.prototype.matchesAnew = function (term, halfTyped) {
    var self = this, patterns = [term], alternative = halfTyped ? withoutFinal(term) : null;
    if (alternative) patterns.push(alternative);
    return Promise.all(patterns.map(function (pattern) { return self.index.hits(pattern); })).then(function (found) {
      var levels = self.levels();
      found.forEach(function (hits) { self.merge(hits, levels, false); });
      if (!isEmpty(levels)) return levels;
      return self.compound(term, term.length - 1).then(function (split) { return split || self.typo(term); });
    });
  };

  // A word found nowhere, as a whole word of three letters or more and the rest.
  Search.prototype.compound = function (term, length) {
    var self = this;
    if (term.length < 4 || length < 3) return Promise.resolve(null);
    return this.index.hits(term.slice(0, length)).then(function (hits) {
      var whole = hits.filter(function (hit) { return hit.whole; });
      if (whole.length === 0) return self.compound(term, length - 1);
      var first = self.merge(whole, self.levels(), false);
      return self.matches(term.slice(length), false).then(function (rest) {
        var both = self.levels(), any = false;
        for (var doc = 0; doc < both.length; doc++) {
          if (first[doc] !== NONE && rest[doc] !== NONE) { both[doc] = first[doc] + rest[doc]; any = true; }
        }
        return any ? both : self.compound(term, length - 1);
      });
    });
  };

  Search.prototype.typo = function (term) {
    var self = this, levels = this.levels();
    if (term.length < 5) return Promise.resolve(levels);
    return this.index.vocabulary(term).then(function (vocabulary) {
      var candidates = vocabulary.filter(function (word) {
        return word[0] === term[0] && word[1] === term[1] && startsWithOneTypo(word, term);
      });
      return Promise.all(candidates.map(function (word) {
        return self.index.hits(word).then(function (hits) {
          self.merge(hits.filter(function (hit) { return hit.whole; }), levels, true);
        });
      }));
    }).then(function () { return levels; });
  };

  // Exhibit numbers, best first (ties in list order); null for a query without words.
  Search.prototype.results = function (query) {
    var self = this, terms = words(query);
    if (terms.length === 0) return Promise.resolve(null);
    var found = [], last = null;
    function next(i) {
      if (i === terms.length) return Promise.resolve(found);
      var halfTyped = i === terms.length - 1;
      return self.matches(terms[i], halfTyped).then(function (levels) {
        if (!isEmpty(levels) || found.length === 0) return levels;
        // Spaces do not count: `tripi taka` is tried as `tripitaka`.
        return self.matches(last.concat(terms[i]), halfTyped).then(function (joined) {
          if (isEmpty(joined)) return levels;
          found.pop();
          return joined;
        });
      }).then(function (levels) {
        if (isEmpty(levels)) return null;
        found.push(levels);
        last = terms[i];
        return next(i + 1);
      });
    }
    return next(0).then(function (all) {
      if (!all) return [];
      var ranked = [];
      for (var doc = 0; doc < self.count; doc++) {
        var sum = 0;
        for (var t = 0; t < all.length && sum >= 0; t++) sum = all[t][doc] === NONE ? -1 : sum + all[t][doc];
        if (sum >= 0) (ranked[sum] = ranked[sum] || []).push(doc);
      }
      return [].concat.apply([], ranked.filter(Boolean));
    });
  };

  // Folding one character at a time is most of marking a row: each is folded once.
  var foldedCharacters = new Map();
  function foldedCharacter(character) {
    var folded = foldedCharacters.get(character);
    if (folded === undefined) {
      folded = Array.from(fold(character))[0] || "";
      foldedCharacters.set(character, folded);
    }
    return folded;
  }

  // The row's text with each place a query word starts marked.
  function marked(text, query) {
    var patterns = [];
    words(query).forEach(function (term, i, all) {
      patterns.push(term);
      var alternative = i === all.length - 1 ? withoutFinal(term) : null;
      if (alternative) patterns.push(alternative);
    });
    var characters = Array.from(text), folded = characters.map(foldedCharacter);
    var on = new Array(characters.length).fill(false);
    for (var start = 0; start < folded.length; start++) {
      if (!WORD_CHARACTER.test(folded[start])) continue;
      var atStart = start === 0 || !WORD_CHARACTER.test(folded[start - 1]);
      if (!atStart && !isSyllable(folded[start]) && !/[\u3040-\u30ff\u3400-\u9fff\u0e00-\u0e7f]/.test(folded[start])) continue;
      patterns.forEach(function (pattern) {
        if (start + pattern.length > folded.length) return;
        for (var k = 0; k < pattern.length; k++) if (!accepts(pattern[k], folded[start + k])) return;
        for (k = 0; k < pattern.length; k++) on[start + k] = true;
      });
    }
    var fragment = document.createDocumentFragment(), run = "", inMark = false;
    function flush() {
      if (!run) return;
      if (inMark) { var mark = document.createElement("mark"); mark.textContent = run; fragment.appendChild(mark); }
      else fragment.appendChild(document.createTextNode(run));
      run = "";
    }
    characters.forEach(function (c, i) { if (on[i] !== inMark) { flush(); inMark = on[i]; } run += c; });
    flush();
    return fragment;
  }

  window.expo1900Search = { Index: Index, Search: Search, words: words };

  var form = document.querySelector("form.search");
  var list = document.querySelector(".exhibit-list");
  if (!form) return;
  // The field is in the page from the first paint, so the list does not move; where it
  // cannot search it goes away.
  if (!list || !window.fetch || !window.Promise) { form.hidden = true; return; }
  var field = form.querySelector(".search-field");
  var status = document.querySelector(".search-status");
  var empty = document.querySelector(".search-empty");
  var note = document.querySelector(".search-note");
  var pagination = document.querySelector(".pagination");
  var pageRows = {};
  Array.prototype.forEach.call(list.children, function (row) { pageRows[row.dataset.id] = row; });
  var allRows = Array.prototype.slice.call(list.children);
  // This page's rows are exhibits first, first + 1, …: shown as they are, not fetched.
  var first = list.dataset.first === undefined ? -1 : Number(list.dataset.first);
  var announce = 0, asked = 0, search = null, index = null;
  // Rows come a screenful and more at a time: drawing a hundred marked rows took a
  // throttled phone a quarter of a second, and those not on this page are fetched.
  var STEP = 12;
  var shownCount = STEP;
  var found = [];
  var more = document.createElement("div");
  more.className = "search-more";
  more.hidden = true;
  more.innerHTML = '<p></p><button type="button" class="button search-show-more"></button>';
  var moreText = more.querySelector("p"), moreButton = more.querySelector("button");
  moreButton.textContent = form.dataset.showMore;
  list.after(more);

  function start() {
    if (!index) {
      index = new Index(new URL(form.dataset.index, location.href).href);
      index.ready.then(function (ready) { search = new Search(ready); }, function () { index = null; });
    }
    return index.ready;
  }

  function rowFor(doc, row, query) {
    var item = pageRows[row[0]];
    if (!item) {
      item = document.createElement("li");
      item.dataset.id = row[0];
      item.innerHTML = '<a class="row"><div class="row-text"><h2 class="row-title"><bdi></bdi></h2><p class="row-subtitle"></p></div>' +
        '<span class="chevron" aria-hidden="true"></span></a>';
      item.querySelector("a").href = index.manifest.list + row[0] + "/";
      pageRows[row[0]] = item;
    }
    var title = item.querySelector(".row-title bdi") || item.querySelector(".row-title");
    title.replaceChildren(marked(row[1], query));
    item.querySelector(".row-subtitle").replaceChildren(marked(row[2], query));
    return item;
  }

  function onThisPage(doc) { return first >= 0 && doc >= first && doc < first + allRows.length; }

  function rows(docs, query) {
    var chunk = index.manifest.chunk, names = {};
    docs.forEach(function (doc) { if (!onThisPage(doc)) names[Math.floor(doc / chunk)] = true; });
    return Promise.all(Object.keys(names).map(function (n) {
      return index.file("d" + n + ".json").then(function (rows) { return [Number(n), rows]; });
    })).then(function (chunks) {
      var byChunk = {};
      chunks.forEach(function (pair) { byChunk[pair[0]] = pair[1]; });
      return docs.map(function (doc) {
        if (onThisPage(doc)) {
          var row = allRows[doc - first];
          return rowFor(doc, [row.dataset.id, row.querySelector(".row-title").textContent, row.querySelector(".row-subtitle").textContent], query);
        }
        var rows = byChunk[Math.floor(doc / chunk)];
        return rows ? rowFor(doc, rows[doc % chunk], query) : null;
      }).filter(Boolean);
    });
  }

  function say(text) {
    // Said once the visitor pauses, not at every keystroke.
    clearTimeout(announce);
    announce = setTimeout(function () { status.textContent = text; }, 350);
  }

  function show(text) {
    var mine = ++asked;
    shownCount = STEP;
    if (words(text).length === 0) {
      allRows.forEach(function (row) {
        row.querySelectorAll("mark").forEach(function (mark) { mark.replaceWith(mark.textContent); });
        row.normalize();
      });
      list.replaceChildren.apply(list, allRows);
      more.hidden = true;
      if (pagination) pagination.hidden = false;
      empty.hidden = true;
      if (note) note.hidden = true;
      say("");
      form.dataset.shown = text;
      return Promise.resolve();
    }
    var started = performance.now();
    // Whether this answer missed a file: files that failed before are tried again.
    if (index) index.incomplete = false;
    return start().then(function (ready) { return (search || new Search(ready)).results(text); }).then(function (results) {
      if (mine !== asked) return;
      found = results;
      return draw(text, mine).then(function () {
        if (mine !== asked) return;
        if (pagination) pagination.hidden = true;
        empty.hidden = found.length > 0;
        empty.textContent = form.dataset.noMatch;
        if (note) { note.hidden = !index.incomplete; note.textContent = form.dataset.incomplete; }
        say((found.length === 0 ? form.dataset.noMatch
          : found.length === 1 ? form.dataset.countOne : form.dataset.count.replace("{n}", String(found.length))) +
          (index.incomplete ? " " + form.dataset.incomplete : ""));
        performance.measure("expo1900-search", { start: started });
        form.dataset.shown = text;
        // A search that found nothing in a complete index, still shown a moment later, is counted (usage.js).
        if (found.length === 0 && !index.incomplete) window.expoMissed(text, function () { return mine === asked; });
      });
    }).catch(function () {
      if (mine !== asked) return;
      if (note) { note.hidden = false; note.textContent = form.dataset.incomplete; }
      form.dataset.shown = text;
    });
  }

  // The first `shownCount` of what was found.
  function draw(text, mine) {
    return rows(found.slice(0, shownCount), text).then(function (shown) {
      if (mine !== asked) return;
      list.replaceChildren.apply(list, shown);
      more.hidden = found.length <= shown.length;
      moreText.textContent = form.dataset.more.replace("{shown}", String(shown.length)).replace("{n}", String(found.length));
    });
  }

  moreButton.addEventListener("click", function () {
    var focusAfter = list.children.length;
    shownCount += STEP;
    draw(form.dataset.shown || field.value, asked).then(function () {
      // Focus goes to the first new row, so a keyboard or screen reader carries on there.
      var next = list.children[focusAfter];
      if (next) next.querySelector("a").focus();
    });
  });

  // The query lives in the address, so a search can be shared and Back returns to it.
  // Written once typing pauses: a throttled phone took 30 ms to rewrite the address, and a
  // keystroke's frame waited for it. A tap or a page change writes what is pending at once.
  var pending = null, writing = 0;
  function remember(text) {
    pending = text;
    clearTimeout(writing);
    writing = setTimeout(flush, 400);
  }
  function flush() {
    if (pending === null) return;
    var url = new URL(location.href);
    if (pending) url.searchParams.set("q", pending); else url.searchParams.delete("q");
    pending = null;
    history.replaceState(history.state, "", url.pathname + url.search + url.hash);
  }
  document.addEventListener("click", flush, true);
  addEventListener("pagehide", flush);

  field.addEventListener("focus", start);
  // On a list of several pages, the search waits for a pause in typing: each prefix typed
  // on the way to a word would fetch shards and rows the word does not need.
  var WAIT = pagination ? 200 : 0, waiting = 0;
  field.addEventListener("input", function () {
    clearTimeout(waiting);
    var text = field.value;
    if (WAIT) waiting = setTimeout(function () { show(text); }, WAIT); else show(text);
    remember(text);
  });
  form.addEventListener("submit", function (event) {
    event.preventDefault();
    field.blur();
  });
  var query = new URLSearchParams(location.search).get("q");
  if (query && !field.value) field.value = query;
  // What was typed before the script ran counts too.
  if (field.value) show(field.value);
})();
