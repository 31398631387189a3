"""Fetching the days published since the last known one from the NYT's daily puzzle data.

One JSON object a day at BASE + `YYYY-MM-DD.json` (fields `solution`,
`print_date`, `days_since_launch`, `id`, `editor`); a day not published yet
answers 404. Everything a server sends is checked before it is believed: a
body over `MAX_BODY_BYTES` (read with a bounded read), one that is not JSON,
lacks a field, or names another date or puzzle number, a 404 for a day
already published in New York, a redirect that leads nowhere (a loop, no
Location, another scheme), no whole response within the timeout, a refused
connection: each is one `FetchError` line. The days checked before it are
kept (`Fetched.failure`): the caller writes them, and a run started again
goes on from the day that failed. Standard library only (urllib), one
request at a time.
"""

from __future__ import annotations

import datetime as dt
import functools
import http.client
import json
import re
import socket
import ssl
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass

from wordle_cli import history
from wordle_cli.errors import WordleError, one_line, quote
from wordle_cli.history import Day, date_of

#: Where the NYT publishes each day's puzzle; $WORDLE_HISTORY_URL (or --url) replaces it.
DEFAULT_URL = "https://www.nytimes.com/svc/wordle/v2/"
URL_ENV = "WORDLE_HISTORY_URL"

#: A day's object is about 150 bytes; anything past this is refused unread.
MAX_BODY_BYTES = 1 << 20

#: Seconds a request may take, whole: connecting, redirects, headers and body.
TIMEOUT_S = 10.0

#: Requests one run makes at most (a year and a half of days); run again for more.
MAX_REQUESTS = 500

#: How each request introduces itself.
USER_AGENT = "wordle-cli (wordle history update; one request a day of data)"

_SOLUTION = re.compile(r"[a-z]{5}")

#: The statuses urllib follows (with a Location); any other 3xx is an answer of its own.
_REDIRECTS = (301, 302, 303, 307, 308)


class FetchError(WordleError):
    """A response that cannot be believed, or no response: nothing is written."""


@dataclass(frozen=True)
class Fetched:
    """What a run brought: the new days, in order, and why it stopped; `failure`: the FetchError it stopped at
    (None: it stopped where it should), the days before it good."""

    days: list[Day]
    stopped: str
    failure: FetchError | None = None


def base_url(url: str) -> str:
    """The base URL, checked (http or https, a host, a port that is a number) and ending with '/'.

    A host that is not ASCII is sent as its IDNA form (xn--...), a path that
    is not ASCII percent-encoded: HTTP carries ASCII only.
    """
    where = f"(--url or ${URL_ENV})"
    url = url or ""
    if not re.match(r"(?i)https?://", url):
        raise WordleError(f"{quote(url)} is not an http:// or https:// URL {where}")
    if re.search(r"[\x00-\x20\x7f]", url):
        raise WordleError(f"{quote(url)} is not a well-formed URL: it holds a space or control character {where}")
    try:
        parts = urllib.parse.urlsplit(url)
    except ValueError as exc:  # "Invalid IPv6 URL"
        raise WordleError(f"{quote(url)} is not a well-formed URL: {one_line(exc)} {where}") from None
    try:
        port = parts.port
    except ValueError:
        raise WordleError(f"{quote(url)} is not a well-formed URL: its port is not a number from 0 to 65535 {where}") from None
    host = parts.hostname
    if not host:
        raise WordleError(f"{quote(url)} is not a well-formed URL: it names no host {where}")
    netloc = parts.netloc
    if not netloc.isascii():
        if "@" in netloc:
            raise WordleError(f"{quote(url)} is not a well-formed URL: its user name is not ASCII {where}")
        try:
            ascii_host = host.encode("idna").decode("ascii")
        except UnicodeError as exc:
            why = one_line(exc).rpartition("UnicodeError: ")[2].rstrip(")")  # "encoding with 'idna' codec failed (UnicodeError: X)"
            raise WordleError(f"{quote(url)} is not a well-formed URL: its host has no ASCII (IDNA) form ({why}) {where}") from None
        netloc = ascii_host if port is None else f"{ascii_host}:{port}"
    path = urllib.parse.quote(parts.path, safe="/%:@!$&'()*+,;=~")
    query = urllib.parse.quote(parts.query, safe="/%:@!$&'()*+,;=~?")
    base = urllib.parse.urlunsplit((parts.scheme.lower(), netloc, path, query, ""))
    return base if base.endswith("/") else base + "/"


def fetch_since(
    last: int, base: str, until: dt.date | None, limit: int = MAX_REQUESTS, timeout: float = TIMEOUT_S,
    progress: Callable[[int], None] | None = None, published: dt.date | None = None,
) -> Fetched:
    """The puzzles after #`last`, one request a day, up to the first not published (404), `until` (a date; None: no
    such bound) or `limit` requests, or the first response that cannot be believed (`Fetched.failure`, the
    days before it kept).

    Every day before `published` (default: today in New York, the NYT's
    `history.nyt_today()`) has been published: a 404 for one is a fault (a
    wrong URL, a server that lost it), not news. Only today's puzzle there
    and later ones may be "not published yet".
    """
    published = history.nyt_today() if published is None else published
    days: list[Day] = []
    number = last + 1
    while True:
        date = date_of(number)
        if until is not None and date > until:
            return Fetched(days, f"{date} is after today ({until}); --spoil fetches the days published ahead")
        if len(days) >= limit:
            return Fetched(days, f"stopped after {limit} requests (--limit); run again for more")
        try:
            day = fetch_day(base, number, timeout)
            if day is None and date < published:
                raise FetchError(
                    f"{base}{date.isoformat()}.json: HTTP 404 Not Found, but #{number} ({date}) was published before today "
                    f"in New York ({published}); is the URL right?"
                )
        except FetchError as exc:
            return Fetched(days, f"stopped at #{number} ({date})", exc)
        if day is None:
            return Fetched(days, f"#{number} ({date}) is not published yet")
        days.append(day)
        if progress is not None:
            progress(len(days))
        number += 1


def fetch_day(base: str, number: int, timeout: float = TIMEOUT_S) -> Day | None:
    """Puzzle `number` from BASE + its date + `.json`, checked; None when the server says 404 (not published yet)."""
    date = date_of(number)
    url = f"{base}{date.isoformat()}.json"
    body = _get(url, timeout)
    if body is None:
        return None
    return _day(url, body, number, date)


def _get(url: str, timeout: float) -> bytes | None:
    """The body of a 2xx answer to GET `url`, None for a 404; all of it within `timeout` seconds.

    A socket's timeout bounds each wait, not the whole: a server that sends a
    byte a second would hold it for ever. So a timer shuts the request's
    sockets at the deadline, whatever is being read then (a status line,
    headers, a redirect, the body), and the request fails as timed out.
    """
    watch = _Watch(time.monotonic() + timeout)
    timer = threading.Timer(timeout, watch.expire)
    timer.daemon = True
    timer.start()
    try:
        body = _exchange(url, timeout, watch)
    except FetchError:
        if watch.expired:  # whatever broke, it broke because the timer shut the socket
            raise _timed_out(url, timeout) from None
        raise
    finally:
        timer.cancel()
        watch.close()
    if watch.expired:  # a body without Content-Length ends when its socket does: this one may be cut
        raise _timed_out(url, timeout)
    return body


def _timed_out(url: str, timeout: float) -> FetchError:
    return FetchError(f"{url}: no whole response within {timeout:g} s (timed out)")


class _Watch:
    """The sockets of one request and its deadline: `expire` (the timer) shuts them all, so no read waits past it."""

    def __init__(self, deadline: float):
        self.deadline = deadline
        self.expired = False
        self._sockets: list[socket.socket] = []
        self._lock = threading.Lock()

    def left(self) -> float:
        """Seconds to the deadline (a little at least: a socket's timeout of 0 would mean never wait)."""
        return max(0.001, self.deadline - time.monotonic())

    def add(self, sock: socket.socket) -> None:
        with self._lock:
            self._sockets.append(sock)
            if self.expired:
                _shut(sock)

    def expire(self) -> None:
        with self._lock:
            self.expired = True
            self._close()

    def close(self) -> None:
        with self._lock:
            self._close()

    def _close(self) -> None:
        for sock in self._sockets:
            _shut(sock)
        self._sockets.clear()


def _shut(sock: socket.socket) -> None:
    try:
        sock.shutdown(socket.SHUT_RDWR)
    except OSError:  # closed already, or never connected
        pass


def _opener(watch: _Watch) -> urllib.request.OpenerDirector:
    """urllib's opener (proxies and redirects as usual) whose connections give `watch` their sockets."""

    def watched(base):
        class Connection(base):
            def __init__(self, *args, **kwargs):
                super().__init__(*args, **kwargs)
                self._create_connection = self._watched_connection

            def _watched_connection(self, *args, **kwargs):  # the bare socket, before any proxy tunnel or TLS
                sock = socket.create_connection(*args, **kwargs)
                watch.add(sock)
                return sock

            def connect(self):
                self.timeout = watch.left()  # connecting waits at most what is left of the whole
                super().connect()

        return Connection

    class HTTP(urllib.request.HTTPHandler):
        def http_open(self, req):
            return self.do_open(watched(http.client.HTTPConnection), req)

    class HTTPS(urllib.request.HTTPSHandler):
        def https_open(self, req):
            return self.do_open(watched(http.client.HTTPSConnection), req, context=_tls())

    class Redirects(urllib.request.HTTPRedirectHandler):
        def redirect_request(self, req, fp, code, msg, headers, newurl):  # only to http:// or https:// (urllib: ftp too)
            if urllib.parse.urlsplit(newurl).scheme.lower() not in ("http", "https"):
                raise urllib.error.HTTPError(req.full_url, code, msg, headers, fp)
            return super().redirect_request(req, fp, code, msg, headers, newurl)

    return urllib.request.build_opener(HTTP, HTTPS, Redirects)


@functools.lru_cache(maxsize=1)
def _tls() -> ssl.SSLContext:
    """The TLS settings urllib uses by default (certificates checked), made once a run."""
    return ssl.create_default_context()


def _exchange(url: str, timeout: float, watch: _Watch) -> bytes | None:
    """`_get`'s request and its checks, each fault one FetchError."""
    request = urllib.request.Request(url, headers={"User-Agent": USER_AGENT, "Accept": "application/json"})
    try:
        with _opener(watch).open(request, timeout=timeout) as response:
            length = response.headers.get("Content-Length")
            if length is not None and length.strip().isdecimal() and int(length) > MAX_BODY_BYTES:
                raise FetchError(f"{url}: the response is {int(length)} bytes, over the {MAX_BODY_BYTES} a day's data may take; refused")
            body = _bounded_read(url, response)
            if length is not None and length.strip().isdecimal() and len(body) < int(length):
                raise FetchError(f"{url}: the response was cut short ({len(body)} of {int(length)} bytes); refused")
            return body
    except urllib.error.HTTPError as exc:
        exc.close()  # its body is not wanted: let go of the connection now
        if exc.code == 404:
            return None
        raise FetchError(_http_error(url, exc)) from None
    except urllib.error.URLError as exc:
        reason = exc.reason
        if isinstance(reason, (socket.timeout, TimeoutError)):
            raise _timed_out(url, timeout) from None
        if isinstance(reason, ssl.SSLError):
            raise FetchError(f"{url}: {one_line(reason)}; refused") from None
        what = getattr(reason, "strerror", None) or one_line(reason) if isinstance(reason, BaseException) else str(reason)
        raise FetchError(f"cannot reach {url}: {what} (offline?)") from None
    except (socket.timeout, TimeoutError):
        raise _timed_out(url, timeout) from None
    except http.client.InvalidURL as exc:  # a redirect to a malformed URL (a port that is not a number)
        raise FetchError(f"{url}: redirected to a malformed URL ({one_line(exc)}); refused") from None
    except http.client.HTTPException as exc:  # a status line or header that is not HTTP's
        raise FetchError(f"{url}: not a well-formed HTTP response ({type(exc).__name__}); refused") from None
    except (OSError, ValueError) as exc:  # a connection reset mid-body
        raise FetchError(f"{url}: {getattr(exc, 'strerror', None) or one_line(exc)}") from None


def _http_error(url: str, exc: urllib.error.HTTPError) -> str:
    """What an HTTP error answer (not a 404) means, in words: a redirect says where it failed to lead."""
    where = exc.url or url  # the URL that gave this answer, after any redirects followed
    status = f"HTTP {exc.code} {one_line(exc.reason) if exc.reason else ''}".rstrip()
    location = (exc.headers.get("Location") or exc.headers.get("URI")) if exc.headers is not None else None
    if exc.code == 304:
        return f"{where}: {status}, though the request asked for no cached copy; refused"
    if exc.code in _REDIRECTS and not location:
        return f"{where}: {status}, a redirect without a Location to go to; refused"
    if exc.code in _REDIRECTS:
        target = urllib.parse.urljoin(where, location)
        if urllib.parse.urlsplit(target).scheme.lower() not in ("http", "https"):
            return f"{where}: redirected to {quote(target)}, which is not an http:// or https:// URL; refused"
        return f"{where}: too many redirects (a redirect loop?)"
    return f"{where}: {status}" + ("; refused" if 300 <= exc.code < 400 else "")


def _bounded_read(url: str, response) -> bytes:
    """The body, read in chunks: refused past MAX_BODY_BYTES (the timer ends a server that trickles)."""
    chunks, size = [], 0
    while True:
        chunk = response.read1(min(1 << 16, MAX_BODY_BYTES + 1 - size))  # what has come, not a wait for all of it
        if not chunk:
            return b"".join(chunks)
        chunks.append(chunk)
        size += len(chunk)
        if size > MAX_BODY_BYTES:
            raise FetchError(f"{url}: the response is over the {MAX_BODY_BYTES} bytes a day's data may take; refused")


def _day(url: str, body: bytes, number: int, date: dt.date) -> Day:
    """The day a response describes, after checking it is the day asked for."""
    try:
        data = json.loads(body.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):  # RecursionError: 400 KB of [[[...]]]
        raise FetchError(f"{url}: the response is not JSON; refused") from None
    if not isinstance(data, dict):
        raise FetchError(f"{url}: the response is not a JSON object; refused")
    missing = [f for f in ("solution", "print_date", "days_since_launch", "id", "editor") if f not in data]
    if missing:
        raise FetchError(f"{url}: the response lacks {', '.join(missing)}; refused")
    solution, printed, since = data["solution"], data["print_date"], data["days_since_launch"]
    if not isinstance(solution, str) or not _SOLUTION.fullmatch(solution.strip().lower()):
        raise FetchError(f"{url}: solution {quote(str(solution))} is not a five-letter word; refused")
    if printed != date.isoformat():
        raise FetchError(f"{url}: print_date {quote(str(printed))} is not {date}; refused")
    if type(since) is not int or since != number:
        raise FetchError(f"{url}: days_since_launch {quote(str(since))} is not {number} (the puzzle of {date}); refused")
    if type(data["id"]) is not int or not (data["editor"] is None or isinstance(data["editor"], str)):
        raise FetchError(f"{url}: id or editor is of the wrong type; refused")
    return Day(number, date, solution.strip().lower())
