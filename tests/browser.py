"""A headless Chromium driven over the Chrome DevTools Protocol, for tests that open pages in a real browser.

Chromium's `--remote-debugging-pipe` reads protocol commands from its file
descriptor 3 and writes replies and events to descriptor 4, each message one
JSON object ended by a NUL byte: no port, no websocket library, nothing else
to install. `Browser` opens one tab; `evaluate` runs JavaScript in the page;
`click` and `press` go through Chromium's input pipeline as a person's mouse
and keyboard do; `errors` lists whatever the page logged as an error
(exceptions, console.error, failed loads).

Also used by benchmarks/bench_pictures.py to time how fast a page opens.
"""

from __future__ import annotations

import base64
import fcntl
import json
import os
import select
import shutil
import subprocess
import tempfile
import time

#: Where a browser may be, first found wins ($CHROMIUM names one explicitly).
CANDIDATES = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")


def find() -> str | None:
    """The Chromium (or Chrome) executable, or None."""
    named = os.environ.get("CHROMIUM")
    if named:
        return shutil.which(named)
    return next((path for path in map(shutil.which, CANDIDATES) if path), None)


class BrowserError(Exception):
    pass


class Browser:
    def __init__(self, executable: str, width: int = 1200, height: int = 900, timeout: float = 60):
        self.timeout = timeout
        self.profile = tempfile.TemporaryDirectory(prefix="wordle-chromium-")
        to_browser_r, self._to_browser = os.pipe()
        self._from_browser, from_browser_w = os.pipe()
        # In the child: the command pipe on descriptor 3, the reply pipe on 4 (moved high first, so neither overwrites the other).
        high_r = fcntl.fcntl(to_browser_r, fcntl.F_DUPFD, 10)
        high_w = fcntl.fcntl(from_browser_w, fcntl.F_DUPFD, 10)

        def descriptors():
            os.dup2(high_r, 3)
            os.dup2(high_w, 4)

        args = [executable, "--headless", "--remote-debugging-pipe", "--no-first-run", "--no-default-browser-check",
                "--disable-gpu", "--disable-extensions", "--disable-background-networking", "--mute-audio",
                f"--user-data-dir={self.profile.name}", f"--window-size={width},{height}", "about:blank"]
        if os.geteuid() == 0:
            args.insert(1, "--no-sandbox")  # Chromium refuses to run as root with its sandbox
        try:
            self.process = subprocess.Popen(args, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                            pass_fds=(3, 4), preexec_fn=descriptors)
        finally:
            for fd in (to_browser_r, from_browser_w, high_r, high_w):
                os.close(fd)
        self._buffer = b""
        self._next_id = 0
        self.events: list[dict] = []
        self.session = None
        try:
            target = self.send("Target.createTarget", {"url": "about:blank"}, browser=True)["targetId"]
            self.session = self.send("Target.attachToTarget", {"targetId": target, "flatten": True}, browser=True)["sessionId"]
            for domain in ("Page", "Runtime", "Log"):
                self.send(f"{domain}.enable")
        except BaseException:
            self.close()
            raise

    # ------------------------------------------------------------ the protocol

    def _read_message(self, deadline: float) -> dict:
        while b"\0" not in self._buffer:
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([self._from_browser], [], [], left)[0]:
                raise BrowserError("the browser did not answer in time")
            chunk = os.read(self._from_browser, 1 << 20)
            if not chunk:
                raise BrowserError("the browser closed its pipe (did it start?)")
            self._buffer += chunk
        message, self._buffer = self._buffer.split(b"\0", 1)
        return json.loads(message)

    def send(self, method: str, params: dict | None = None, *, browser: bool = False) -> dict:
        """Send one command (to the tab unless `browser`) and return its result; events met meanwhile are kept."""
        self._next_id += 1
        message = {"id": self._next_id, "method": method, "params": params or {}}
        if not browser:
            message["sessionId"] = self.session
        os.write(self._to_browser, json.dumps(message).encode() + b"\0")
        deadline = time.monotonic() + self.timeout
        while True:
            reply = self._read_message(deadline)
            if reply.get("id") == self._next_id:
                if "error" in reply:
                    raise BrowserError(f"{method}: {reply['error'].get('message')}")
                return reply.get("result", {})
            if "method" in reply:
                self.events.append(reply)

    def wait_for(self, method: str) -> dict:
        """The first event `method` not yet consumed (waiting for it if need be)."""
        deadline = time.monotonic() + self.timeout
        while True:
            for number, event in enumerate(self.events):
                if event["method"] == method:
                    return self.events.pop(number)
            reply = self._read_message(deadline)
            if "method" in reply:
                self.events.append(reply)

    # ------------------------------------------------------------ what tests use

    def open(self, url: str) -> float:
        """Load `url` and wait for its load event; the seconds it took, as seen from here."""
        self.events = [e for e in self.events if e["method"] != "Page.loadEventFired"]
        started = time.perf_counter()
        result = self.send("Page.navigate", {"url": url})
        if result.get("errorText"):
            raise BrowserError(f"cannot open {url}: {result['errorText']}")
        if "loaderId" in result:  # none for a move within the page (another #fragment): nothing loads
            self.wait_for("Page.loadEventFired")
        return time.perf_counter() - started

    def evaluate(self, expression: str):
        """The value of a JavaScript expression in the page (promises awaited); a thrown error raises."""
        result = self.send("Runtime.evaluate", {"expression": expression, "returnByValue": True, "awaitPromise": True})
        if "exceptionDetails" in result:
            details = result["exceptionDetails"]
            raise BrowserError(details.get("exception", {}).get("description") or details.get("text"))
        return result["result"].get("value")

    def click(self, selector: str) -> None:
        """A left click in the middle of the first element matching `selector`, as a mouse makes it."""
        box = self.evaluate(
            f"(() => {{ const e = document.querySelector({json.dumps(selector)}); e.scrollIntoView({{block: 'center'}});"
            " const r = e.getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2]; })()"
        )
        x, y = box
        for kind in ("mouseMoved", "mousePressed", "mouseReleased"):
            self.send("Input.dispatchMouseEvent", {"type": kind, "x": x, "y": y, "button": "left", "clickCount": 1})

    def press(self, key: str) -> None:
        """One key (Enter, Tab, ' ' ...) pressed and released, to whatever has the focus."""
        codes = {"Enter": (13, "\r"), "Tab": (9, ""), " ": (32, " "), "Escape": (27, "")}
        code, text = codes[key]
        down = {"type": "keyDown", "key": key, "code": "Space" if key == " " else key, "windowsVirtualKeyCode": code}
        if text:
            down["text"] = text
        self.send("Input.dispatchKeyEvent", down)
        self.send("Input.dispatchKeyEvent", {**down, "type": "keyUp", "text": ""})

    def type(self, text: str) -> None:
        self.send("Input.insertText", {"text": text})

    def screenshot(self) -> bytes:
        return base64.b64decode(self.send("Page.captureScreenshot", {"format": "png"})["data"])

    def errors(self) -> list[str]:
        """What the page logged as an error so far: uncaught exceptions, console.error, failed loads."""
        found = []
        for event in self.events:
            method, params = event["method"], event.get("params", {})
            if method == "Runtime.exceptionThrown":
                details = params["exceptionDetails"]
                found.append(details.get("exception", {}).get("description") or details.get("text", "exception"))
            elif method == "Runtime.consoleAPICalled" and params.get("type") in ("error", "assert"):
                found.append(" ".join(str(a.get("value", a.get("description", ""))) for a in params.get("args", [])))
            elif method == "Log.entryAdded" and params["entry"].get("level") == "error":
                found.append(params["entry"].get("text", ""))
        return found

    def close(self) -> None:
        if self.process.poll() is None:
            try:
                self.send("Browser.close", browser=True)
                self.process.wait(timeout=10)
            except (BrowserError, OSError, subprocess.TimeoutExpired):
                self.process.kill()
                self.process.wait()
        for fd in (self._to_browser, self._from_browser):
            try:
                os.close(fd)
            except OSError:
                pass
        self.profile.cleanup()

    def __enter__(self) -> Browser:
        return self

    def __exit__(self, *exc) -> None:
        self.close()
