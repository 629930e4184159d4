"""What the browser suite shares: the catalog it checks against, the pages, the devices."""
import json
import os
import pathlib
import re
import shutil
import socket
import subprocess
import time

REPO = pathlib.Path(__file__).resolve().parents[2]
DEFAULT_CATALOG = REPO / "Sources" / "ExpoCatalog" / "Resources" / "DefaultCatalog"
CHROMIUM = "/usr/bin/chromium"


def load_catalog():
    """The default catalog's texts by language: {"ko": (exposition, items), "en": (...)}."""
    catalog = {}
    for language, suffix in (("ko", ""), ("en", ".en")):
        exposition = json.loads((DEFAULT_CATALOG / f"exposition_universelle_1900{suffix}.json").read_text("utf-8"))
        items = json.loads((DEFAULT_CATALOG / f"items{suffix}.json").read_text("utf-8"))
        catalog[language] = (exposition, items)
    return catalog


CATALOG = load_catalog()
LANGUAGES = {"ko": "/", "en": "/en/"}
UI = {
    "ko": {"list_title": "한국의 출품작", "back_main": "메인", "button": "한국의 출품작 보러가기"},
    "en": {"list_title": "Korea's Exhibits", "back_main": "Main", "button": "See Korea's exhibits"},
}


def page_paths():
    """Every page of the default site in both languages (its tours, each tour's first stop
    as the stops' sample, and the map too), and one address that does not exist."""
    paths = []
    tours = [tour["id"] for tour in json.loads((DEFAULT_CATALOG / "tours.json").read_text(encoding="utf-8"))]
    for language, home in LANGUAGES.items():
        paths += [home, home + "items/"]
        paths += [f"{home}items/{item['image_name']}/" for item in CATALOG[language][1]]
        paths += [f"{home}tours/"] + [f"{home}tours/{tour}/" for tour in tours] + [f"{home}tours/{tour}/1/" for tour in tours]
        paths += [f"{home}map/"]
    return paths + ["/no-such-page/"]


def paragraphs(text):
    return [line.strip() for line in text.splitlines() if line.strip()]


# Phone and tablet profiles: CSS viewport, device pixel ratio. Landscape swaps the sides.
DEVICES = {
    "iPhone SE": (375, 667, 2),
    "iPhone 12 mini": (375, 812, 3),
    "iPhone Pro Max": (430, 932, 3),
}
IPAD = ("iPad", (820, 1180, 2))


def profiles():
    """(name, width, height, scale) for each device in portrait and landscape, the iPad, and
    the narrowest screen the guide supports (320 CSS px, an iPhone SE of 2016)."""
    result = [("320 wide", 320, 568, 2)]
    for name, (width, height, scale) in DEVICES.items():
        result.append((f"{name} portrait", width, height, scale))
        result.append((f"{name} landscape", height, width, scale))
    name, (width, height, scale) = IPAD
    result.append((f"{name} portrait", width, height, scale))
    return result


IPHONE_UA = ("Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 "
             "(KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1")


# Runs in a page: scrolls through it so lazy images load, waits for every image, and
# returns them as {src, width, cls} (cls: the first class, which says what the image is).
LOAD_ALL_IMAGES = """
async () => {
  for (let y = 0; y < document.documentElement.scrollHeight; y += innerHeight / 2) {
    scrollTo(0, y);
    await new Promise(r => requestAnimationFrame(r));
  }
  scrollTo(0, 0);
  await Promise.all([...document.images].map(img => img.complete ? null :
    new Promise(r => { img.addEventListener('load', r); img.addEventListener('error', r); })));
  return [...document.images].map(img => ({src: img.currentSrc || img.getAttribute('src'), width: img.naturalWidth, cls: img.classList[0] || ''}));
}
"""


NGINX_CONFIG = """
worker_processes {workers};
daemon off;
{user}
pid {prefix}/nginx.pid;
error_log {prefix}/error.log;
events {{ worker_connections 1024; }}
http {{
  include /etc/nginx/mime.types;
  types {{ application/manifest+json webmanifest; text/vtt vtt; }}
  default_type application/octet-stream;
  access_log off;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 100000;
  gzip_static on;
  client_body_temp_path {prefix}/body;
  proxy_temp_path {prefix}/proxy;
  fastcgi_temp_path {prefix}/fastcgi;
  uwsgi_temp_path {prefix}/uwsgi;
  scgi_temp_path {prefix}/scgi;
{servers}
}}
"""

NGINX_SERVER = """
  server {{
    listen 127.0.0.1:{port};
    root {root};
    error_page 404 /404.html;
    location /en/ {{ error_page 404 /en/404.html; }}
    location /iiif/ {{ add_header Access-Control-Allow-Origin "*"; }}
{prefixed}
  }}
"""

PREFIXED_LOCATION = """
    location {base}/ {{
      alias {folder}/;
      error_page 404 {base}/404.html;
      location {base}/en/ {{ alias {folder}/en/; error_page 404 {base}/en/404.html; }}
    }}
"""


def start_nginx(prefix, port, root, prefixed=None, servers=None, workers=1):
    """Debian's nginx, with `workers` worker processes (one unless told), serving the export at `root` on 127.0.0.1:`port`, and
    optionally another export under a base path (`prefixed` = (base, folder)); or, given
    `servers`, that text in its http block instead (it must listen on `port`). Returns the
    process once it accepts connections; raises RuntimeError when it cannot start."""
    executable = "/usr/sbin/nginx"
    if not os.path.exists(executable):
        raise RuntimeError(f"{executable} is missing: apt-get install nginx")
    if servers is None:
        location = PREFIXED_LOCATION.format(base=prefixed[0], folder=prefixed[1]) if prefixed else ""
        servers = NGINX_SERVER.format(port=port, root=root, prefixed=location)
    # Workers run as nobody unless told otherwise, and the exports sit in root's private tmp.
    user = "user root;" if os.geteuid() == 0 else ""
    config = pathlib.Path(prefix) / "nginx.conf"
    config.write_text(NGINX_CONFIG.format(workers=workers, user=user, prefix=prefix, servers=servers))
    server = subprocess.Popen([executable, "-p", str(prefix), "-c", str(config)],
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    deadline = time.time() + 10
    while True:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return server
        except OSError:
            if server.poll() is not None or time.time() > deadline:
                server.kill()
                raise RuntimeError(f"nginx did not start: {server.stderr.read()}")
            time.sleep(0.05)


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def generate_catalog(folder, count, languages=("ko", "en")):
    """A catalog of `count` exhibits (`item-1` …) with the default catalog's text lengths
    (a short line, several paragraphs) and no images, in Korean and optionally English."""
    folder.mkdir(parents=True)
    texts = {
        "ko": ("", "출품작", "대한제국관의 출품작", "이 출품작은 대한제국관에서 선보인 물건으로, 그 쓰임과 만듦새를 보여 준다. " * 6),
        "en": (".en", "Exhibit", "An exhibit of the Korean pavilion",
               "This exhibit was shown in the Korean Empire's pavilion and shows how it was made and used. " * 4),
    }
    for language in languages:
        suffix, name, short, paragraph = texts[language]
        items = [{"name": f"{name} {index}", "image_name": f"item-{index}", "short_desc": f"{short} {index}",
                  "desc": "\n\n".join([paragraph] * 4)} for index in range(1, count + 1)]
        (folder / f"items{suffix}.json").write_text(json.dumps(items, ensure_ascii=False), "utf-8")
        exposition = {"title": "파리 만국박람회 1900(L'Exposition de Paris 1900)", "visitors": 48130300,
                      "location": "프랑스 파리", "duration": "1900. 04. 14 - 1900. 11. 12", "description": paragraph}
        (folder / f"exposition_universelle_1900{suffix}.json").write_text(json.dumps(exposition, ensure_ascii=False), "utf-8")


# Replaces the device's speech synthesis before any page script runs: it records what
# would be spoken and in which language, and offers voices for Korean and English
# (or only those listed in window.__voiceLanguages).
SPEECH_STUB = """
(() => {
  const record = { spoken: [], calls: [] };
  window.__speech = record;
  const languages = window.__voiceLanguages || ["ko-KR", "en-US"];
  const voices = languages.map(lang => ({ name: "Test " + lang, lang, localService: true, default: false, voiceURI: lang }));
  const synth = {
    speaking: false, paused: false, pending: false,
    getVoices: () => voices,
    speak(utterance) { record.spoken.push({ text: utterance.text, lang: utterance.lang, voice: utterance.voice && utterance.voice.lang }); },
    cancel() { record.calls.push("cancel"); },
    pause() { record.calls.push("pause"); },
    resume() { record.calls.push("resume"); },
    addEventListener() {}, removeEventListener() {},
  };
  Object.defineProperty(window, "speechSynthesis", { value: synth, configurable: true });
  window.SpeechSynthesisUtterance = function (text) { this.text = text; this.lang = ""; this.voice = null; };
})();
"""


def multilingual_catalog(folder):
    """The default catalog with Japanese and Arabic files made here: every exhibit named
    and described in each (except the last, left untranslated in Arabic, whose Korean text
    must then be marked lang="ko"), and the exposition's texts."""
    shutil.copytree(DEFAULT_CATALOG, folder)
    texts = {
        "ja": ("出品作", "大韓帝国館の出品作", "この出品作は大韓帝国館で展示されました。",
               "1900年パリ万国博覧会(L'Exposition de Paris 1900)", "フランス・パリ", "1900年のパリ万国博覧会の案内です。"),
        "ar": ("المعروض", "من معروضات جناح الإمبراطورية الكورية", "عُرض هذا الأثر في جناح الإمبراطورية الكورية.",
               "معرض باريس العالمي 1900(L'Exposition de Paris 1900)", "باريس، فرنسا", "دليل إلى معرض باريس العالمي لعام 1900."),
    }
    korean_items = CATALOG["ko"][1]
    for language, (name, short, desc, title, location, description) in texts.items():
        kept = korean_items[:-1] if language == "ar" else korean_items
        items = [{"image_name": item["image_name"], "name": f"{name} {index}", "short_desc": short, "desc": desc}
                 for index, item in enumerate(kept, 1)]
        (folder / f"items.{language}.json").write_text(json.dumps(items, ensure_ascii=False), "utf-8")
        exposition = {"title": title, "location": location, "duration": "1900. 04. 14 - 1900. 11. 12", "description": description}
        (folder / f"exposition_universelle_1900.{language}.json").write_text(json.dumps(exposition, ensure_ascii=False), "utf-8")
    return folder


# Facts that exhibits share, Korean and English, for the browse pages: two makers, two
# materials, dates read as centuries and decades, and one value in Arabic.
FACTS = [
    ({"maker": "김홍도", "date": "1745년", "material": "종이"}, {"maker": "Kim Hong-do", "date": "1745", "material": "Paper"}),
    ({"maker": "김홍도", "date": "18세기", "material": "종이"}, {"maker": "Kim Hong-do", "date": "18th century", "material": "paper"}),
    ({"maker": "Émile Gallé", "date": "1855", "material": "유리"}, {"maker": "Emile Galle", "date": "1855", "material": "Glass"}),
    ({"maker": "émile gallé", "date": "c. 1850–1860", "material": "유리"}, {"maker": "Émile Gallé", "date": "c. 1850–1860", "material": "Glass"}),
    ({"maker": "الخطاط", "date": "조선 후기"}, {"maker": "الخطاط", "date": "late Joseon"}),
]


def facts_catalog(folder):
    """The default catalog with facts that its first exhibits share, so that it has browse pages."""
    shutil.copytree(DEFAULT_CATALOG, folder)
    for suffix, index in (("", 0), (".en", 1)):
        path = folder / f"items{suffix}.json"
        items = json.loads(path.read_text("utf-8"))
        for item, facts in zip(items, FACTS):
            for key in ("maker", "date", "material", "place"):
                item.pop(key, None)
            item.update(facts[index])
        path.write_text(json.dumps(items, ensure_ascii=False), "utf-8")
    return folder


def browse_page_paths(base_url):
    """The browse pages of a served site, both languages: /browse/, each facet's values, and
    each facet's first value; with the list that links to them."""
    import re
    import urllib.request

    def links(path, pattern):
        with urllib.request.urlopen(base_url + path) as response:
            return re.findall(pattern, response.read().decode("utf-8"))

    paths = []
    for home in LANGUAGES.values():
        paths += [home + "items/", home + "browse/"]
        for facet in links(home + "browse/", r'<a class="row" href="([^"]+)"'):
            paths.append(facet)
            paths += links(facet, r'<a class="row[^"]*" href="([^"]+)"')[:1]
    return paths


def wait_for_recordings(log_path, timeout=300):
    """`expo1900 serve` answers before it has made the recordings its cache lacks, and says
    so on standard error ("making 3 recordings (…)"); they join the guide with a reload that
    it reports ("3 of 3 recordings made; reloaded …"). A test that looks at the guide waits
    for that, as a visitor arriving a minute later would. Videos are made and reported with
    them ("making 1 recording and 2 videos (…)")."""
    log = pathlib.Path(log_path)
    if not re.search(r"making \d+ (recordings?|videos?)( and \d+ videos?)? \(", log.read_text("utf-8", errors="replace")):
        return
    deadline = time.time() + timeout
    while time.time() < deadline:
        printed = log.read_text("utf-8", errors="replace")
        if re.search(r"\d+ of \d+ (recordings?|videos?)( and \d+ videos?)? made; ", printed):
            return
        if "reload failed" in printed:
            raise AssertionError(f"the reload that adds the recordings failed:\n{printed}")
        time.sleep(0.1)
    raise AssertionError(f"the recordings did not join the guide within {timeout} s:\n{log.read_text('utf-8', errors='replace')}")
