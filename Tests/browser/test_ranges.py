"""Range requests, side by side: expo1900 serve and nginx serving the export answer the
same Range headers for the same file. Audio seeking needs them, and Safari will not play
media from a server that ignores them."""
import http.client
import re
import urllib.parse
import urllib.request

import pytest


def fetch(base, path, method="GET", **headers):
    """(status, headers with lower-case names, body) of one request on a new connection."""
    address = urllib.parse.urlsplit(base)
    connection = http.client.HTTPConnection(address.hostname, address.port, timeout=10)
    try:
        connection.request(method, path, headers={"Accept-Encoding": "identity", **headers})
        answer = connection.getresponse()
        return answer.status, {name.lower(): value for name, value in answer.getheaders()}, answer.read()
    finally:
        connection.close()


@pytest.fixture(scope="module")
def hosts(base_url, nginx):
    return {"serve": base_url, "nginx": nginx["root"]}


@pytest.fixture(scope="module")
def image_path(base_url):
    """The largest image the start page shows: a file both hosts serve under one name."""
    home = urllib.request.urlopen(base_url + "/").read().decode()
    paths = sorted(set(re.findall(r'/images/[^"\s,]+\.(?:webp|jpg|avif|png)', home)))
    assert paths, "the start page names no image"
    sizes = {path: len(fetch(base_url, path)[2]) for path in paths}
    path = max(sizes, key=sizes.get)
    assert sizes[path] > 1000, f"{path} is too small to cut into ranges"
    return path


@pytest.mark.parametrize("host", ["serve", "nginx"])
def test_a_file_without_range_is_whole_and_says_it_takes_ranges(hosts, host, image_path):
    status, headers, body = fetch(hosts[host], image_path)
    assert status == 200
    assert headers.get("accept-ranges") == "bytes"
    assert int(headers["content-length"]) == len(body)


@pytest.mark.parametrize("header", ["bytes=0-", "bytes=-500", "bytes=100-199", "bytes=100-", "bytes=0-0",
                                    "bytes=-999999999", "bytes=50-999999999"])
def test_one_range_is_the_same_part_from_both_hosts(hosts, image_path, header):
    whole = fetch(hosts["nginx"], image_path)[2]
    answers = {host: fetch(url, image_path, Range=header) for host, url in hosts.items()}
    for host, (status, headers, body) in answers.items():
        assert status == 206, f"{host} answered {header} with {status}"
        lower, upper, length = map(int, re.fullmatch(r"bytes (\d+)-(\d+)/(\d+)", headers["content-range"]).groups())
        assert length == len(whole)
        assert body == whole[lower:upper + 1], f"{host}: the bytes are not {headers['content-range']}"
        assert int(headers["content-length"]) == len(body)
    assert answers["serve"][1]["content-range"] == answers["nginx"][1]["content-range"]


@pytest.mark.parametrize("header", ["bytes=999999999-", "bytes=999999999-1000000000"])
def test_a_range_past_the_end_is_416_with_the_length(hosts, image_path, header):
    length = len(fetch(hosts["nginx"], image_path)[2])
    for host, url in hosts.items():
        status, headers, _ = fetch(url, image_path, Range=header)
        assert status == 416, f"{host} answered {header} with {status}"
        assert headers["content-range"] == f"bytes */{length}", host


@pytest.mark.parametrize("header", ["bytes=200-100", "items=0-10", "bytes=a-b"])
def test_a_range_not_understood_is_ignored(hosts, image_path, header):
    whole = fetch(hosts["nginx"], image_path)[2]
    for host, url in hosts.items():
        status, headers, body = fetch(url, image_path, Range=header)
        # RFC 9110 §14.2: a server may ignore a Range it cannot read. nginx answers 416 to
        # a backwards range; both answers keep the client from taking wrong bytes.
        assert status in (200, 416), f"{host} answered {header} with {status}"
        if status == 200:
            assert body == whole, host


def test_if_range_with_the_current_etag_is_honoured_and_another_is_not(hosts, image_path):
    whole = fetch(hosts["nginx"], image_path)[2]
    for host, url in hosts.items():
        etag = fetch(url, image_path, method="HEAD")[1]["etag"]
        status, _, body = fetch(url, image_path, Range="bytes=10-19", **{"If-Range": etag})
        assert (status, body) == (206, whole[10:20]), f"{host} ignored If-Range: {etag}"
        status, _, body = fetch(url, image_path, Range="bytes=10-19", **{"If-Range": '"not-this-one"'})
        assert (status, body) == (200, whole), f"{host} sent a part of a file the client no longer has"


def test_two_ranges_are_the_whole_file_or_both_parts(hosts, image_path):
    whole = fetch(hosts["nginx"], image_path)[2]
    status, _, body = fetch(hosts["serve"], image_path, Range="bytes=0-9,20-29")
    assert (status, body) == (200, whole), "expo1900 answers several ranges with the whole file"
    status, headers, body = fetch(hosts["nginx"], image_path, Range="bytes=0-9,20-29")
    # nginx answers a file on disk as multipart; the same parts are in it.
    assert status == 206 and headers["content-type"].startswith("multipart/byteranges")
    assert whole[0:10] in body and whole[20:30] in body


@pytest.mark.parametrize("host", ["serve", "nginx"])
def test_head_with_a_range_has_the_range_s_headers_and_no_body(hosts, host, image_path):
    length = len(fetch(hosts["nginx"], image_path)[2])
    status, headers, body = fetch(hosts[host], image_path, method="HEAD", Range="bytes=0-9")
    assert (status, body) == (206, b"")
    assert headers["content-range"] == f"bytes 0-9/{length}"
    assert headers["content-length"] == "10"


def test_a_client_taking_gzip_gets_the_gzip_body_whole(hosts):
    for host, url in hosts.items():
        status, headers, body = fetch(url, "/items/", Range="bytes=0-99", **{"Accept-Encoding": "gzip"})
        assert (status, headers.get("content-encoding")) == (200, "gzip"), host
        assert len(body) == int(headers["content-length"]) and "content-range" not in headers, host


def test_a_page_answers_ranges_too(hosts):
    for host, url in hosts.items():
        whole = fetch(url, "/items/")[2]
        status, headers, body = fetch(url, "/items/", Range="bytes=0-99")
        assert (status, body) == (206, whole[:100]), host
        assert headers["content-range"] == f"bytes 0-99/{len(whole)}", host
