"""Search over an index cut into shards: the same answers as over the whole index, only the
files a query needs, and offline the shards already fetched."""
import json
import urllib.parse
import urllib.request

import pytest

from conftest import SMALL_SHARDS, phone_page, serving_generated
from support import LANGUAGES
from test_features import SEARCH_CASES, open_search, search, shown_ids
from test_offline import wait_for_offline_copy

# Runs one query through the shipped search.js's own index reader, outside the field, and
# returns the ids found (best first) and the files it fetched.
RUN_QUERY = """async ([manifest, query]) => {
  const index = await new window.expo1900Search.Index(new URL(manifest, location.href).href).ready;
  const found = await new window.expo1900Search.Search(index).results(query);
  const ids = [];
  for (const doc of found) {
    const rows = await index.file('d' + Math.floor(doc / index.manifest.chunk) + '.json');
    ids.push(rows[doc % index.manifest.chunk][0]);
  }
  return {ids, fetched: index.fetched};
}"""

INITIALS = "ㄱㄲㄴㄷㄸㄹㅁㅂㅃㅅㅆㅇㅈㅉㅊㅋㅌㅍㅎ"


def manifest_of(page):
    return page.eval_on_selector("form.search", "form => new URL(form.dataset.index, location.href).href")


def path_of(word):
    """The letters a word is filed under, as SearchText.pathScalar: a syllable by its initial."""
    return [INITIALS[(ord(c) - 0xAC00) // 588] if 0xAC00 <= ord(c) <= 0xD7A3 else c for c in word]


# What a final consonant becomes when the next syllable takes it (강 may be 가 on its way to 가야).
FINAL_INITIALS = "ㄱㄲㅅㄴㅈㅎㄷㄹㄱㅁㅂㅅㅌㅍㅎㅁㅂㅅㅅㅆㅇㅈㅊㅋㅌㅍㅎ"


def paths_of(query):
    """The letter paths a one-word query looks up: the word's own, and for a last syllable
    with a final consonant, that consonant as the start of a syllable still being typed."""
    paths = [path_of(query)]
    final = (ord(query[-1]) - 0xAC00) % 28 if 0xAC00 <= ord(query[-1]) <= 0xD7A3 else 0
    if final:
        paths.append(path_of(query) + [FINAL_INITIALS[final - 1]])
    return paths


def file_of(kind, key):
    """A branch's file, named as SearchShards names it: the hex of its letters' UTF-8."""
    return kind + key.encode("utf-8").hex() + ".json"


def shard_for(manifest, path):
    """The one shard file a path leads to in `manifest`; None where no word is filed."""
    nodes = manifest["nodes"]
    if "" in nodes:
        return file_of("t", "")
    for depth in range(1, len(path) + 1):
        node = nodes.get("".join(path[:depth]))
        if node is None:
            return None
        if node[0] == 0 or depth == len(path):
            return file_of("t", "".join(path[:depth]))


@pytest.mark.parametrize("language", ["ko", "en"])
def test_shards_answer_as_the_whole_index_does(browser, base_url, sharded_url, language):
    failures = []
    with phone_page(browser) as whole, phone_page(browser) as sharded:
        open_search(whole, base_url + LANGUAGES[language] + "items/")
        open_search(sharded, sharded_url + LANGUAGES[language] + "items/")
        whole_manifest, sharded_manifest = manifest_of(whole), manifest_of(sharded)
        assert list(json.load(urllib.request.urlopen(whole_manifest))["nodes"]) == [""], "the default catalog's index is one shard"
        assert len(json.load(urllib.request.urlopen(sharded_manifest))["nodes"]) > 20, "and tens of them when cut small"
        for case in [case for case in SEARCH_CASES if case["language"] == language]:
            over_whole = whole.evaluate(RUN_QUERY, [whole_manifest, case["query"]])["ids"]
            over_shards = sharded.evaluate(RUN_QUERY, [sharded_manifest, case["query"]])["ids"]
            if not (over_whole == over_shards == case["ids"]):
                failures.append(f"{case['query']!r}: whole {over_whole}, shards {over_shards}, expected {case['ids']}")
            # And as a visitor sees it, typed into the field over the shards.
            search(sharded, case["query"])
            if shown_ids(sharded) != case["ids"]:
                failures.append(f"{case['query']!r} typed: shows {shown_ids(sharded)}, expected {case['ids']}")
    assert not failures, "\n".join(failures)


@pytest.mark.parametrize("language, query", [("en", "gayageum"), ("ko", "가야금"), ("en", "zither")])
def test_a_query_fetches_only_the_shards_its_words_need(browser, sharded_url, language, query):
    with phone_page(browser) as page:
        fetched = []
        page.on("request", lambda request: fetched.append(urllib.parse.urlparse(request.url).path)
                if "/search" in urllib.parse.urlparse(request.url).path else None)
        open_search(page, sharded_url + LANGUAGES[language] + "items/")
        assert fetched == [], "nothing of the index is fetched before the visitor searches"
        manifest_url = manifest_of(page)
        manifest = json.load(urllib.request.urlopen(manifest_url))
        search(page, query)
        assert shown_ids(page), f"{query} finds its exhibit"
        names = [path.rsplit("/", 1)[1] for path in fetched]
        # Each prefix typed is a query of its own; the field is filled at once here, so one.
        expected = {"search.json"} | {shard_for(manifest, path) for path in paths_of(query)} - {None}
        assert sorted(names) == sorted(expected), \
            f"fetched {names} of {len(manifest['nodes'])} shards"
        assert len(set(fetched)) == len(fetched), "no file is fetched twice"


def test_offline_a_search_answers_from_the_shards_kept(browser, tmp_path):
    # 700 exhibits: more than a site precaches whole, so only what was fetched is kept.
    with serving_generated(tmp_path / "offline", 700, env=SMALL_SHARDS) as url, phone_page(browser) as page:
        open_search(page, url + "/items/")
        wait_for_offline_copy(page)
        page.reload()
        page.locator(".search-field").wait_for(state="visible")
        search(page, "출품작 642")
        assert shown_ids(page) == ["item-642"]
        page.context.set_offline(True)
        page.goto(url + "/items/?q=" + urllib.parse.quote("출품작 642"))
        page.locator(".search-field").wait_for(state="visible")
        page.wait_for_function("() => document.querySelector('form.search').dataset.shown === '출품작 642'")
        assert shown_ids(page) == ["item-642"], "the shards fetched online answer offline"
        assert page.locator("p.search-note[hidden]").count() == 1, "an answer from kept shards is complete"
        search(page, "출품작 38")
        note = page.locator("p.search-note:not([hidden])")
        assert note.count() == 1 and "오프라인" in note.inner_text(), "a search that needs shards not kept says it may be incomplete"
