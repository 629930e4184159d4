// Screen 2's search: filters the rows as the visitor types, over names and short
// descriptions, Korean-aware. This is the guide's one implementation of the matching;
// the browser suite runs the table in Tests/Shared/search-cases.json through it in
// Chromium and WebKit. Without this script the field stays hidden and the full list remains.
(function () {
  "use strict";

  var INITIALS = "ㄱㄲㄴㄷㄸㄹㅁㅂㅃㅅㅆㅇㅈㅉㅊㅋㅌㅍㅎ";
  // Final consonant 1…27 → the final it leaves behind and the initial it becomes.
  var FINALS = [[0, "ㄱ"], [0, "ㄲ"], [1, "ㅅ"], [0, "ㄴ"], [4, "ㅈ"], [4, "ㅎ"], [0, "ㄷ"], [0, "ㄹ"], [8, "ㄱ"],
    [8, "ㅁ"], [8, "ㅂ"], [8, "ㅅ"], [8, "ㅌ"], [8, "ㅍ"], [8, "ㅎ"], [0, "ㅁ"], [0, "ㅂ"], [17, "ㅅ"], [0, "ㅅ"],
    [0, "ㅆ"], [0, "ㅇ"], [0, "ㅈ"], [0, "ㅊ"], [0, "ㅋ"], [0, "ㅌ"], [0, "ㅍ"], [0, "ㅎ"]];

  // Lowercased, without spaces or accents; Hangul syllables come back whole from NFC.
  function fold(text) {
    return Array.from(text.normalize("NFD").replace(/[\u0300-\u036f]/g, "").normalize("NFC").toLowerCase()
      .replace(/\s+/g, ""));
  }

  function isSyllable(code) { return code >= 0xac00 && code <= 0xd7a3; }

  function initialOf(character) {
    var code = character.codePointAt(0);
    return isSyllable(code) ? INITIALS[Math.floor((code - 0xac00) / 588)] : null;
  }

  // A folded text with each character's initial consonant beside it, worked out once.
  function prepare(text) {
    var characters = fold(text);
    return { characters: characters, initials: characters.map(initialOf) };
  }

  // `query` is a list of [character, isInitial] pairs.
  function contains(target, query) {
    var characters = target.characters, initials = target.initials;
    for (var start = 0; start + query.length <= characters.length; start++) {
      var index = 0;
      while (index < query.length) {
        var wanted = query[index], at = start + index;
        if (wanted[0] !== characters[at] && !(wanted[1] && initials[at] === wanted[0])) break;
        index++;
      }
      if (index === query.length) return true;
    }
    return false;
  }

  // A half-typed last syllable: 강 may be 가 on its way to 가야.
  function alternatives(query) {
    var last = query[query.length - 1];
    var code = last.codePointAt(0);
    if (!isSyllable(code) || (code - 0xac00) % 28 === 0) return [query];
    var final = FINALS[(code - 0xac00) % 28 - 1];
    var syllable = String.fromCodePoint(code - (code - 0xac00) % 28 + final[0]);
    return [query, query.slice(0, -1).concat([syllable, final[1]])];
  }

  function matches(queries, target) {
    return queries.some(function (query) { return contains(target, query); });
  }

  function marked(query) {
    return query.map(function (character) { return [character, INITIALS.indexOf(character) >= 0]; });
  }

  var form = document.querySelector("form.search");
  var list = document.querySelector(".exhibit-list");
  if (!form) return;
  // The field is in the page from the first paint, so the list does not move; where it
  // cannot search it goes away.
  if (!list || !window.fetch) { form.hidden = true; return; }
  var field = form.querySelector(".search-field");
  var status = document.querySelector(".search-status");
  var empty = document.querySelector(".search-empty");
  var pagination = document.querySelector(".pagination");
  var pageRows = {};
  Array.prototype.forEach.call(list.children, function (row) { pageRows[row.dataset.id] = row; });
  var allRows = Array.prototype.slice.call(list.children);
  var entries = [];
  var announce = 0;
  // The last query and what it found: typing on narrows that instead of the whole index.
  var last = { query: null, found: [] };
  // At most a list page of rows at once: a first keystroke can match every exhibit.
  var SHOWN = allRows.length || 100;
  var more = document.createElement("p");
  more.className = "search-more";
  more.hidden = true;
  list.after(more);

  // A row for an exhibit on another page of the list: its text, without the thumbnail.
  function rowFor(entry) {
    if (pageRows[entry.id]) return pageRows[entry.id];
    var item = document.createElement("li");
    item.dataset.id = entry.id;
    item.innerHTML = '<a class="row"><div class="row-text"><h2 class="row-title"></h2><p class="row-subtitle"></p></div>' +
      '<span class="chevron" aria-hidden="true"></span></a>';
    item.querySelector("a").href = entry.href;
    item.querySelector(".row-title").textContent = entry.name;
    item.querySelector(".row-subtitle").textContent = entry.text;
    pageRows[entry.id] = item;
    return item;
  }

  function say(text) {
    // Said once the visitor pauses, not at every keystroke.
    clearTimeout(announce);
    announce = setTimeout(function () { status.textContent = text; }, 350);
  }

  function filter(text) {
    var started = performance.now();
    var query = fold(text);
    if (query.length === 0) {
      list.replaceChildren.apply(list, allRows);
      last = { query: null, found: [] };
      more.hidden = true;
      if (pagination) pagination.hidden = false;
      empty.hidden = true;
      say("");
    } else {
      var queries = alternatives(query).map(marked);
      // A query that only adds to the last one (no half-typed syllable changed) can only
      // narrow what that one found.
      var narrows = last.query !== null && query.length > last.query.length && alternatives(last.query).length === 1 &&
        last.query.every(function (character, index) { return query[index] === character; });
      var found = (narrows ? last.found : entries).filter(function (entry) {
        return matches(queries, entry.name_) || matches(queries, entry.text_) ||
          entry.other_.some(function (name) { return matches(queries, name); });
      });
      last = { query: query, found: found };
      list.replaceChildren.apply(list, found.slice(0, SHOWN).map(rowFor));
      more.hidden = found.length <= SHOWN;
      more.textContent = form.dataset.more.replace("{shown}", String(SHOWN)).replace("{n}", String(found.length));
      if (pagination) pagination.hidden = true;
      empty.hidden = found.length > 0;
      empty.textContent = form.dataset.noMatch;
      say(found.length === 0 ? form.dataset.noMatch
        : found.length === 1 ? form.dataset.countOne : form.dataset.count.replace("{n}", String(found.length)));
    }
    performance.measure("expo1900-search", { start: started });
  }

  // The query lives in the address, so a search can be shared and Back returns to it.
  function remember(text) {
    var url = new URL(location.href);
    if (text) url.searchParams.set("q", text); else url.searchParams.delete("q");
    history.replaceState(history.state, "", url.pathname + url.search + url.hash);
  }

  fetch(form.dataset.index)
    .then(function (response) { return response.ok ? response.json() : Promise.reject(response.status); })
    .then(function (index) {
      entries = index.entries.map(function (entry) {
        entry.name_ = prepare(entry.name);
        entry.text_ = prepare(entry.text);
        // The exhibit's names in the catalog's other languages: a visitor reading the English
        // page finds it by the Korean name on the gallery's label, and the other way round.
        entry.other_ = (entry.other || []).map(prepare);
        return entry;
      });
      var query = new URLSearchParams(location.search).get("q");
      if (query && !field.value) field.value = query;
      // What was typed while the index loaded counts too.
      if (field.value) filter(field.value);
      field.addEventListener("input", function () {
        filter(field.value);
        remember(field.value);
      });
      form.addEventListener("submit", function (event) {
        event.preventDefault();
        field.blur();
      });
    })
    .catch(function () {
      // Without the index the full list stays, as without the script, and the field goes.
      form.hidden = true;
    });
})();
