"""WebKit, Safari's engine, for the browser suite: WebKitGTK's WebDriver driving its
MiniBrowser on a virtual X display (Xvfb), through Selenium."""
import os
import shutil
import subprocess
import time

DRIVER = "/usr/bin/WebKitWebDriver"


def start_display():
    """An Xvfb display of its own; returns (process, ":N")."""
    xvfb = shutil.which("Xvfb")
    if not xvfb:
        raise RuntimeError("Xvfb is missing: apt-get install xvfb")
    for number in range(90, 140):
        if os.path.exists(f"/tmp/.X{number}-lock"):
            continue
        process = subprocess.Popen([xvfb, f":{number}", "-screen", "0", "1280x1024x24", "-nolisten", "tcp"],
                                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.time() + 10
        while time.time() < deadline:
            if os.path.exists(f"/tmp/.X11-unix/X{number}"):
                return process, f":{number}"
            if process.poll() is not None:
                break
            time.sleep(0.05)
        process.kill()
    raise RuntimeError("Xvfb could not start a display")


def start_webkit(display, dark=False):
    """A Selenium session in WebKitGTK's MiniBrowser on `display`; with `dark`, pages see
    `prefers-color-scheme: dark`. WebKitGTK's WebDriver has no capability for the colour
    scheme: WebKitGTK takes it from the GTK theme, and a theme's dark variant is asked for
    with `GTK_THEME`."""
    from selenium import webdriver
    from selenium.webdriver.webkitgtk.options import Options
    from selenium.webdriver.webkitgtk.service import Service

    if not os.path.exists(DRIVER):
        raise RuntimeError(f"{DRIVER} is missing: apt-get install webkit2gtk-driver")
    environment = dict(os.environ, DISPLAY=display)
    if os.geteuid() == 0:
        # WebKit's sandbox refuses to run as root, as CI does.
        environment["WEBKIT_DISABLE_SANDBOX_THIS_IS_DANGEROUS"] = "1"
    if dark:
        environment["GTK_THEME"] = "Adwaita:dark"
    options = Options()
    options.add_argument("--automation")
    return webdriver.WebKitGTK(options=options, service=Service(executable_path=DRIVER, env=environment))
