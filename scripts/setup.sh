# Sourced by scripts/test and scripts/bench: installs what they need when it is missing —
# Debian packages with apt-get when run as root, Python packages into .venv.

apt_install() {
  if [ "$(id -u)" -ne 0 ]; then
    echo "$0: missing $* — install with: sudo apt-get install $*" >&2
    exit 1
  fi
  echo "== apt-get install $*"
  if ! DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null; then
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null
  fi
}

# What `swift build` needs: zlib and libvips headers, found with pkg-config.
ensure_run_tools() {
  [ -f /usr/include/zlib.h ] || apt_install zlib1g-dev
  command -v pkg-config >/dev/null || apt_install pkg-config
  pkg-config --exists vips 2>/dev/null || apt_install libvips-dev
  # GRDB (the studio's state) builds against the system's SQLite and needs its header.
  [ -f /usr/include/sqlite3.h ] || apt_install libsqlite3-dev
  # libcrypto's SHA-256 keeps the studio's session ids hashed.
  [ -f /usr/include/openssl/sha.h ] || apt_install libssl-dev
  # libqrencode makes the wall labels' QR codes.
  pkg-config --exists libqrencode 2>/dev/null || apt_install libqrencode-dev
  # pdftocairo turns the PDF images of iPhone asset catalogs into SVG.
  command -v pdftocairo >/dev/null || apt_install poppler-utils
  # ffmpeg makes curators' recordings into the m4a the guide serves (ffprobe measures them).
  command -v ffmpeg >/dev/null || apt_install ffmpeg
}

ensure_build_tools() {
  ensure_run_tools
  # The vips command makes the tests' HEIC photos.
  command -v vips >/dev/null || apt_install libvips-tools
  # scripts/make-narration speaks the default catalog's narration.
  command -v espeak-ng >/dev/null || apt_install espeak-ng
}

ensure_browser_tools() {
  command -v chromium >/dev/null || apt_install chromium
  fc-list 2>/dev/null | grep -q "Noto Sans CJK" || apt_install fonts-noto-cjk
  command -v java >/dev/null || apt_install default-jre-headless
  [ -x /usr/sbin/nginx ] || apt_install nginx
  command -v wrk >/dev/null || apt_install wrk
  # GNU time: the bench reads a program's peak memory from it.
  [ -x /usr/bin/time ] || apt_install time
  # WebKit, Safari's engine: WebKitGTK's WebDriver on a virtual display.
  command -v WebKitWebDriver >/dev/null || apt_install webkit2gtk-driver
  command -v Xvfb >/dev/null || apt_install xvfb
  # WebKitGTK plays media through GStreamer; the recordings are AAC, which libav decodes.
  [ -d /usr/share/doc/gstreamer1.0-libav ] || apt_install gstreamer1.0-libav gstreamer1.0-plugins-good
  # zbarimg reads the printed labels' QR codes back (test_labels.py).
  command -v zbarimg >/dev/null || apt_install zbar-tools

  local requirements=Tests/browser/requirements.txt
  if [ ! -x .venv/bin/python ] || ! cmp -s "$requirements" .venv/requirements.installed; then
    echo "== python packages into .venv"
    python3 -m venv .venv
    .venv/bin/pip install -q --disable-pip-version-check -r "$requirements"
    cp "$requirements" .venv/requirements.installed
  fi
}
