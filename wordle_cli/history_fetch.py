"""Fetching the days published since the last known one from the NYT's daily puzzle data.

One JSON object a day at BASE + `YYYY-MM-DD.json` (fields `solution`,
`print_date`, `days_since_launch`, `id`, `editor`); a day not published yet
answers 404. Everything a server sends is checked before it is believed: a
body over `MAX_BODY_BYTES` (read with a bounded read), one that is not JSON,
lacks a field, or names another date or puzzle number, a redirect loop, a
timeout, a refused connection: each is one `FetchError` line, and the caller
writes nothing. Standard library only (urllib), one request at a time.
"""

from __future__ import annotations

import datetime as dt
import http.client
import json
import re
import socket
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass

from wordle_cli.errors import WordleError, one_line, quote
from wordle_cli.history import Day, date_of

#: Where the NYT publishes each day's puzzle; $WORDLE_HISTORY_URL (or --url) replaces it.
DEFAULT_URL = "https://www.nytimes.com/svc/wordle/v2/"
URL_ENV = "WORDLE_HISTORY_URL"

#: A day's object is about 150 bytes; anything past this is refused unread.
MAX_BODY_BYTES = 1 << 20

#: Seconds a request may take, connecting and reading included.
TIMEOUT_S = 10.0

#: Requests one run makes at most (a year and a half of days); run again for more.
MAX_REQUESTS = 500

#: How each request introduces itself.
USER_AGENT = "wordle-cli (wordle history update; one request a day of data)"

_SOLUTION = re.compile(r"[a-z]{5}")


class FetchError(WordleError):
    """A response that cannot be believed, or no response: nothing is written."""


@dataclass(frozen=True)
class Fetched:
    """What a run brought: the new days, in order, and why it stopped."""

    days: list[Day]
    stopped: str


def base_url(url: str) -> str:
    """The base URL, checked (http or https) and ending with '/'."""
    if not re.match(r"https?://[^/\s]+", url or ""):
        raise WordleError(f"{quote(url)} is not an http:// or https:// URL (--url or ${URL_ENV})")
    return url if url.endswith("/") else url + "/"


def fetch_since(
    last: int, base: str, until: dt.date | None, limit: int = MAX_REQUESTS, timeout: float = TIMEOUT_S,
    progress: Callable[[int], None] | None = None,
) -> Fetched:
    """The puzzles after #`last`, one request a day, up to the first not published (404), `until` (a date; None: no
    such bound) or `limit` requests; a FetchError at the first response that cannot be believed."""
    days: list[Day] = []
    number = last + 1
    while True:
        date = date_of(number)
        if until is not None and date > until:
            return Fetched(days, f"{date} is after today ({until}); --spoil fetches the days published ahead")
        if len(days) >= limit:
            return Fetched(days, f"stopped after {limit} requests (--limit); run again for more")
        day = fetch_day(base, number, timeout)
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
    request = urllib.request.Request(url, headers={"User-Agent": USER_AGENT, "Accept": "application/json"})
    deadline = time.monotonic() + timeout
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            length = response.headers.get("Content-Length")
            if length is not None and length.strip().isdecimal() and int(length) > MAX_BODY_BYTES:
                raise FetchError(f"{url}: the response is {int(length)} bytes, over the {MAX_BODY_BYTES} a day's data may take; refused")
            body = _bounded_read(url, response, deadline)
            if length is not None and length.strip().isdecimal() and len(body) < int(length):
                raise FetchError(f"{url}: the response was cut short ({len(body)} of {int(length)} bytes); refused")
            return body
    except urllib.error.HTTPError as exc:
        exc.close()  # its body is not wanted: let go of the connection now
        if exc.code == 404:
            return None
        if 300 <= exc.code < 400:
            raise FetchError(f"{url}: too many redirects (a redirect loop?)") from None
        raise FetchError(f"{url}: HTTP {exc.code} {one_line(exc.reason) if exc.reason else ''}".rstrip()) from None
    except urllib.error.URLError as exc:
        reason = exc.reason
        if isinstance(reason, (socket.timeout, TimeoutError)):
            raise FetchError(f"{url}: no answer within {timeout:g} s (timed out)") from None
        what = getattr(reason, "strerror", None) or one_line(reason) if isinstance(reason, BaseException) else str(reason)
        raise FetchError(f"cannot reach {url}: {what} (offline?)") from None
    except (socket.timeout, TimeoutError):
        raise FetchError(f"{url}: no answer within {timeout:g} s (timed out)") from None
    except http.client.HTTPException as exc:  # a status line or header that is not HTTP's
        raise FetchError(f"{url}: not a well-formed HTTP response ({type(exc).__name__}); refused") from None
    except (OSError, ValueError) as exc:  # a connection reset mid-body
        raise FetchError(f"{url}: {getattr(exc, 'strerror', None) or one_line(exc)}") from None


def _bounded_read(url: str, response, deadline: float) -> bytes:
    """The body, read in chunks: refused past MAX_BODY_BYTES or past the deadline (a server that trickles)."""
    chunks, size = [], 0
    while True:
        chunk = response.read1(min(1 << 16, MAX_BODY_BYTES + 1 - size))  # what has come, not a wait for all of it
        if not chunk:
            return b"".join(chunks)
        chunks.append(chunk)
        size += len(chunk)
        if size > MAX_BODY_BYTES:
            raise FetchError(f"{url}: the response is over the {MAX_BODY_BYTES} bytes a day's data may take; refused")
        if time.monotonic() > deadline:
            raise socket.timeout()


def _day(url: str, body: bytes, number: int, date: dt.date) -> Day:
    """The day a response describes, after checking it is the day asked for."""
    try:
        data = json.loads(body.decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
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
