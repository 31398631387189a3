"""The NYT's history: the shipped table, `wordle history [WORD]`, `wordle history update` against a local
server (127.0.0.1, started here; never the internet), and --day / --date where a command takes an answer."""

from __future__ import annotations

import datetime as dt
import json
import os
import socket
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
from clitools import invoke

from wordle_cli import history, history_fetch

LAST_SHIPPED = 1807  # 2026-05-31
TODAY = dt.date(2026, 6, 3)  # #1810


@pytest.fixture
def data(tmp_path, monkeypatch):
    """An empty data folder of the user's, and today fixed at 2026-06-03 (#1810), in New York as well."""
    folder = tmp_path / "data"
    monkeypatch.setenv(history.DATA_ENV, str(folder))
    monkeypatch.delenv(history_fetch.URL_ENV, raising=False)
    monkeypatch.setattr(history, "today", lambda now=None: TODAY)
    monkeypatch.setattr(history, "nyt_today", lambda now=None: TODAY, raising=False)
    return folder


def day_json(number: int, answer: str, **changes) -> bytes:
    """The NYT's object for puzzle `number`, with `changes` (a field None: left out)."""
    obj = {"id": 3000 + number, "solution": answer, "print_date": history.date_of(number).isoformat(), "days_since_launch": number,
           "editor": "Tracy Bennett"}
    obj.update(changes)
    return json.dumps({k: v for k, v in obj.items() if v is not None}).encode()


class _Quiet(ThreadingHTTPServer):
    """A server whose handlers' errors (a client gone mid-body) are not printed."""

    daemon_threads = True

    def handle_error(self, request, client_address):
        pass


class Server:
    """A local HTTP server: `routes` maps a path to (status, headers, body) or to a callable doing the answering."""

    def __init__(self):
        self.routes: dict = {}
        self.requests: list[str] = []
        self.agents: set = set()
        server = self

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self):
                server.requests.append(self.path)
                server.agents.add(self.headers.get("User-Agent"))
                route = server.routes.get(self.path)
                if route is None:
                    self.send_error(404)
                    return
                if callable(route):
                    route(self)
                    return
                status, headers, body = route
                self.send_response(status)
                for name, value in headers.items():
                    self.send_header(name, value)
                if "Content-Length" not in headers:
                    self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *args):
                pass

        self.httpd = _Quiet(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}/svc/wordle/v2/"
        self.thread = threading.Thread(target=self.httpd.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
        self.thread.start()

    def path(self, number: int) -> str:
        return f"/svc/wordle/v2/{history.date_of(number).isoformat()}.json"

    def publish(self, number: int, answer: str, **changes) -> None:
        self.routes[self.path(number)] = (200, {"Content-Type": "application/json"}, day_json(number, answer, **changes))

    def close(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


@pytest.fixture
def nyt():
    """A local server publishing #1808 to #1812 (2026-06-01 to 06-05): two days beyond `TODAY`."""
    server = Server()
    for number, answer in zip(range(1808, 1813), ["abash", "afire", "aloha", "arced", "avast"]):
        server.publish(number, answer)
    yield server
    server.close()


def update(runner, url, *more):
    return invoke(runner, ["history", "update", "--url", url, *more])


# ---------------------------------------------------------------- the table and its lookups


def test_shipped_days_and_lookups():
    days = history.known_days()  # the conftest's data folder is empty: the shipped rows alone
    assert days == history.shipped_days()
    assert (days[0], history.last(days).number) == (history.Day(0, dt.date(2021, 6, 19), "cigar"), LAST_SHIPPED)
    assert [d.number for d in history.of_word(days, "cigar")] == [0, 1689]
    assert history.on_date(days, dt.date(2021, 6, 20))[0].answer == "rebut"
    assert history.on_number(days, 99999) == []
    # The four doubled days: both rows kept; the NYT's word chosen, with a note naming the other.
    assert {n: sorted(d.answer for d in history.on_number(days, n)) for n in history.NYT_SERVED} == {
        241: ["agora", "aroma"], 284: ["harry", "stove"], 324: ["fetus", "shine"], 325: ["butch", "gecko"]
    }
    answer, note = history.answer_of(history.on_number(days, 284))
    assert answer == "stove" and "'harry'" in note
    assert history.answer_of(history.on_number(days, 0)) == ("cigar", None)
    # The shipped rows are not "out of date" (loris and kefir are known exceptions).
    assert history.unlisted(days) == []


def test_known_days_merge_the_users_rows_each_number_once(data):
    data.mkdir()
    rows = [history.Day(5, history.date_of(5), "zzzzz"), history.Day(1808, history.date_of(1808), "abash"),
            history.Day(1808, history.date_of(1808), "other"), history.Day(1809, history.date_of(1809), "afire")]
    (data / history.SHIPPED_HISTORY).write_text(history.table(rows), encoding="utf-8")
    days = history.known_days()
    assert days[: len(history.shipped_days())] == history.shipped_days()  # shipped rows win (#5 stays)
    assert [(d.number, d.answer) for d in days[len(history.shipped_days()) :]] == [(1808, "abash"), (1809, "afire")]


def test_today_is_the_users_time_zone(monkeypatch):
    if not hasattr(time, "tzset"):
        pytest.skip("no time.tzset")
    instant = dt.datetime(2026, 6, 1, 2, 0, tzinfo=dt.timezone.utc)
    try:
        for zone, expected in (("America/Los_Angeles", dt.date(2026, 5, 31)), ("Asia/Tokyo", dt.date(2026, 6, 1)), ("UTC", dt.date(2026, 6, 1))):
            monkeypatch.setenv("TZ", zone)
            time.tzset()
            assert history.today(instant) == expected, zone
    finally:
        monkeypatch.undo()
        time.tzset()


# ---------------------------------------------------------------- wordle history [WORD]


def test_history_shows_the_latest_days_and_looks_up_words(runner, data):
    latest = invoke(runner, ["history", "-n", "3"])
    assert latest.exit_code == 0
    assert latest.stdout == " 1805  2026-05-29  clang\n 1806  2026-05-30  smile\n 1807  2026-05-31  etude\n"
    assert "`wordle history update` fetches" in latest.stderr
    word = invoke(runner, ["history", "CIGAR"])
    assert word.stdout == "cigar was the answer of #0 (2021-06-19) and #1689 (2026-02-02)\n"
    doubled = invoke(runner, ["history", "agora"])
    assert doubled.stdout == "agora was the answer of #241 (2022-02-15, the original page's; the NYT served aroma)\n"
    never = invoke(runner, ["history", "ymolt"])
    assert never.stdout == "ymolt has not been an answer (#0 to #1807, 2021-06-19 to 2026-05-31)\n"
    bad = invoke(runner, ["history", "toolong"])
    assert bad.exit_code == 2 and "not a five-letter word" in bad.stderr


def test_history_never_shows_today_or_later_without_spoil(runner, data, nyt):
    assert update(runner, nyt.url, "--spoil").exit_code == 0  # #1808 to #1812 known: 06-03 is today
    shown = invoke(runner, ["history", "-n", "3"])
    assert shown.stdout == " 1807  2026-05-31  etude\n 1808  2026-06-01  abash\n 1809  2026-06-02  afire\n"
    assert "(#1810 to #1812) are known but not shown; --spoil shows them" in shown.stderr
    assert "aloha" not in shown.stdout + shown.stderr
    # Looking up today's word gives nothing away: the same answer as for a word never played.
    hidden = invoke(runner, ["history", "aloha"])
    assert hidden.stdout == "aloha has not been an answer (#0 to #1809, 2021-06-19 to 2026-06-02)\n"
    spoiled = invoke(runner, ["history", "aloha", "--spoil"])
    assert spoiled.stdout == "aloha was the answer of #1810 (2026-06-03)\n"
    assert invoke(runner, ["history", "--spoil", "-n", "1"]).stdout == " 1812  2026-06-05  avast\n"


# ---------------------------------------------------------------- wordle history update


def test_update_adds_the_days_up_to_today(runner, data, nyt):
    result = update(runner, nyt.url)
    assert result.exit_code == 0, result.stderr
    assert "added 3 days (#1808 to #1810, 2026-06-01 to 2026-06-03)" in result.stderr
    assert "after today (2026-06-03)" in result.stderr
    assert not any(w in result.stdout + result.stderr for w in ("abash", "afire", "aloha"))  # it prints no answer
    assert nyt.requests == [nyt.path(n) for n in (1808, 1809, 1810)]
    assert [agent.split()[0] for agent in nyt.agents] == ["wordle-cli"]  # polite: it says who asks
    written = (data / history.SHIPPED_HISTORY).read_text(encoding="utf-8")
    assert written == history.table(history.shipped_days()) + "1808,2026-06-01,abash\n1809,2026-06-02,afire\n1810,2026-06-03,aloha\n"
    assert [d.answer for d in history.known_days()[-3:]] == ["abash", "afire", "aloha"]
    # Run again: nothing new to fetch today, nothing written.
    again = update(runner, nyt.url)
    assert again.exit_code == 0 and "nothing new" in again.stderr
    assert (data / history.SHIPPED_HISTORY).read_text(encoding="utf-8") == written


def test_update_with_spoil_goes_on_to_the_first_404(runner, data, nyt, monkeypatch):
    monkeypatch.setenv(history_fetch.URL_ENV, nyt.url)  # the variable instead of --url
    result = invoke(runner, ["history", "update", "--spoil"])
    assert result.exit_code == 0, result.stderr
    assert "added 5 days" in result.stderr and "#1813 (2026-06-06) is not published yet" in result.stderr
    assert history.last(history.known_days()) == history.Day(1812, dt.date(2026, 6, 5), "avast")
    assert len(nyt.requests) == 6


def test_update_stops_at_a_404_before_today(runner, data, nyt):
    del nyt.routes[nyt.path(1810)]
    result = update(runner, nyt.url)
    assert result.exit_code == 0 and "added 2 days" in result.stderr and "#1810 (2026-06-03) is not published yet" in result.stderr


def test_a_404_for_a_day_published_in_new_york_is_an_error(runner, data, nyt, monkeypatch):
    nyt.routes.clear()  # a server (a wrong URL, say) that answers 404 for everything
    result = update(runner, nyt.url)
    assert result.exit_code == 1, result.stderr
    assert (
        f"Error: {nyt.url}2026-06-01.json: HTTP 404 Not Found, but #1808 (2026-06-01) was published before today in New York (2026-06-03)"
        in result.stderr
    )
    assert "not published yet" not in result.stderr and not data.exists()
    # After a good day: the good day is kept, and the error says where it stopped (issue 49, item 2).
    nyt.publish(1808, "abash")
    result = update(runner, nyt.url)
    assert result.exit_code == 1 and "stopped at #1809 (2026-06-02): the day before it is kept" in result.stderr, result.stderr
    assert [d.number for d in history.user_days()][-1] == 1808
    # Today in New York may be missing: ahead of it (Tokyo's 06-03 is New York's 06-02), not published yet.
    monkeypatch.setattr(history, "nyt_today", lambda now=None: dt.date(2026, 6, 2))
    result = update(runner, nyt.url)
    assert result.exit_code == 0 and "nothing new: #1809 (2026-06-02) is not published yet" in result.stderr, result.stderr


def test_nyt_today_is_new_yorks_date():
    assert history.nyt_today(dt.datetime(2026, 6, 1, 3, 59, tzinfo=dt.timezone.utc)) == dt.date(2026, 5, 31)  # EDT: UTC-4
    assert history.nyt_today(dt.datetime(2026, 6, 1, 4, 0, tzinfo=dt.timezone.utc)) == dt.date(2026, 6, 1)
    assert history.nyt_today(dt.datetime(2026, 1, 1, 4, 59, tzinfo=dt.timezone.utc)) == dt.date(2025, 12, 31)  # EST: UTC-5


def test_nyt_today_without_a_time_zone_database_is_never_later_than_new_york(monkeypatch):
    import zoneinfo

    def missing(name):
        raise zoneinfo.ZoneInfoNotFoundError(name)

    monkeypatch.setattr(zoneinfo, "ZoneInfo", missing)
    assert history.nyt_today(dt.datetime(2026, 6, 1, 4, 30, tzinfo=dt.timezone.utc)) == dt.date(2026, 5, 31)  # UTC-5; EDT: 06-01
    assert history.nyt_today(dt.datetime(2026, 6, 1, 5, 0, tzinfo=dt.timezone.utc)) == dt.date(2026, 6, 1)


def test_update_makes_a_bounded_number_of_requests(runner, data, nyt):
    result = update(runner, nyt.url, "--spoil", "--limit", "2")
    assert result.exit_code == 0 and "added 2 days" in result.stderr and "--limit" in result.stderr
    assert len(nyt.requests) == 2


def _oversized(handler):
    """A body past the cap, with no Content-Length: only a bounded read stops it."""
    handler.send_response(200)
    handler.send_header("Content-Type", "application/json")
    handler.end_headers()
    handler.close_connection = True
    chunk = b" " * 65536
    try:
        for _ in range(history_fetch.MAX_BODY_BYTES // len(chunk) + 4):
            handler.wfile.write(chunk)
    except OSError:
        pass


def _redirect_loop(handler):
    handler.send_response(302)
    handler.send_header("Location", handler.path)
    handler.send_header("Content-Length", "0")
    handler.end_headers()


def _trickle(handler):
    """A body that never stops coming, a few bytes at a time: each read is quick, the whole is not."""
    handler.send_response(200)
    handler.send_header("Content-Length", "100000")
    handler.end_headers()
    try:
        for _ in range(200):
            handler.wfile.write(b" ")
            handler.wfile.flush()
            time.sleep(0.02)
    except OSError:
        pass


def _trickle_all(handler):
    """A whole good answer, status line and headers included, a byte at a time: each byte comes quickly, the whole
    not within the timeout (a socket timeout that each byte resets never fires)."""
    body = day_json(1809, "afire")
    head = f"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: {len(body)}\r\n\r\n".encode()
    handler.close_connection = True
    try:
        for i in range(len(head + body)):
            handler.wfile.write((head + body)[i : i + 1])
            time.sleep(0.03)
    except OSError:
        pass


def _redirect(status, location=None):
    def answer(handler):
        handler.send_response(status)
        if location is not None:
            handler.send_header("Location", location)
        handler.send_header("Content-Length", "0")
        handler.end_headers()

    return answer


def _garbage(handler):
    handler.wfile.write(b"HELLO THERE\r\n\r\n")
    handler.close_connection = True


def _cut_short(handler):
    handler.send_response(200)
    handler.send_header("Content-Length", "500")
    handler.end_headers()
    handler.wfile.write(day_json(1809, "afire")[:20])
    handler.close_connection = True


BAD = {
    "not JSON": ((200, {}, b"<html>hello</html>"), "is not JSON"),
    "not an object": ((200, {}, b"[1, 2]"), "not a JSON object"),
    "a field missing": ((200, {}, day_json(1809, "afire", editor=None)), "lacks editor"),
    "another date": ((200, {}, day_json(1809, "afire", print_date="2026-06-09")), "print_date '2026-06-09' is not 2026-06-02"),
    "another number": ((200, {}, day_json(1809, "afire", days_since_launch=1808)), "days_since_launch '1808' is not 1809"),
    "a number as text": ((200, {}, day_json(1809, "afire", days_since_launch="1809")), "days_since_launch '1809' is not 1809"),
    "no word": ((200, {}, day_json(1809, "sl4te")), "is not a five-letter word"),
    "a server error": ((500, {}, b"oops"), "HTTP 500"),
    "a big Content-Length": ((200, {"Content-Length": str(10 << 20)}, b"{}"), "over the 1048576"),
    "a 10 MB body": (_oversized, "over the 1048576 bytes"),
    "a redirect loop": (_redirect_loop, "too many redirects"),
    "a redirect to file://": (_redirect(302, "file:///etc/passwd"), "redirected to 'file:///etc/passwd', which is not an http:// or https:// URL"),
    "a redirect to ftp://": (_redirect(301, "ftp://127.0.0.1/x.json"), "which is not an http:// or https:// URL"),
    "a redirect without Location": (_redirect(302), "HTTP 302 Found, a redirect without a Location to go to"),
    "a 304": (_redirect(304), "HTTP 304 Not Modified, though the request asked for no cached copy"),
    "a 300 with a Location": (_redirect(300, "/elsewhere"), "HTTP 300 Multiple Choices; refused"),
    "a redirect to a malformed URL": (_redirect(302, "http://127.0.0.1:abc/x.json"), "redirected to a malformed URL"),
    "a trickle": (_trickle, "timed out"),
    "a trickle from the status line on": (_trickle_all, "no whole response within 1 s (timed out)"),
    "deeply nested JSON": ((200, {}, b"[" * 200_000 + b"]" * 200_000), "the response is not JSON"),
    "not HTTP": (_garbage, "not a well-formed HTTP response"),
    "a body cut short": (_cut_short, "cut short (20 of 500 bytes)"),
}


@pytest.mark.parametrize("case", BAD, ids=list(BAD))
def test_update_refuses_a_bad_response_and_changes_nothing(runner, data, nyt, case):
    assert update(runner, nyt.url, "--limit", "1").exit_code == 0  # the user's file holds #1808
    before = (data / history.SHIPPED_HISTORY).read_bytes()
    nyt.routes[nyt.path(1809)], message = BAD[case]
    result = update(runner, nyt.url, "--timeout", "1")
    assert result.exit_code == 1
    errors = [line for line in result.stderr.splitlines() if line.startswith("Error")]
    assert len(errors) == 1 and message in errors[0], result.stderr
    assert (data / history.SHIPPED_HISTORY).read_bytes() == before
    assert sorted(os.listdir(data)) == [history.SHIPPED_HISTORY]  # no temporary file left behind


def test_a_bad_response_after_good_ones_keeps_the_good_ones_only(runner, data, nyt):
    nyt.routes[nyt.path(1810)] = (200, {}, b"not json")
    result = update(runner, nyt.url)
    assert result.exit_code == 1 and "the response is not JSON; refused; stopped at #1810 (2026-06-03)" in result.stderr
    assert os.listdir(data) == [history.SHIPPED_HISTORY] and history.last(history.user_days()).number == 1809


def test_update_gives_up_after_the_timeout(runner, data, nyt):
    release = threading.Event()

    def slow(handler):
        release.wait(5)
        handler.send_error(404)

    nyt.routes[nyt.path(1808)] = slow
    started = time.monotonic()
    result = update(runner, nyt.url, "--timeout", "0.3")
    release.set()
    assert result.exit_code == 1 and "timed out" in result.stderr, result.stderr
    assert time.monotonic() - started < 4
    assert not data.exists()


def test_update_offline_is_one_line(runner, data):
    with socket.socket() as probe:  # a port nobody listens on: connection refused
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    result = update(runner, f"http://127.0.0.1:{port}/")
    assert result.exit_code == 1
    assert result.stderr.count("\n") == 2 and "cannot reach" in result.stderr and "(offline?)" in result.stderr, result.stderr
    bad = update(runner, "file:///etc/")
    assert bad.exit_code == 1 and "not an http:// or https:// URL" in bad.stderr


@pytest.mark.parametrize(
    "url, message",
    [
        (
            "http://127.0.0.1:abc/",
            "Error: 'http://127.0.0.1:abc/' is not a well-formed URL: its port is not a number from 0 to 65535 (--url or $WORDLE_HISTORY_URL)\n",
        ),
        ("http://127.0.0.1:99999/", "is not a well-formed URL: its port is not a number from 0 to 65535"),
        ("http://:80/", "is not a well-formed URL: it names no host"),
        ("http://[::1/", "is not a well-formed URL: Invalid IPv6 URL"),
        ("http://127.0.0.1/a b/", "is not a well-formed URL: it holds a space or control character"),
        ("http://" + "ö" * 70 + ".example/", "is not a well-formed URL: its host has no ASCII (IDNA) form (label empty or too long)"),
    ],
)
def test_update_blames_a_malformed_url_on_the_url(runner, data, url, message):
    result = update(runner, url)
    assert result.exit_code == 1 and result.stderr.count("\n") == 1 and message in result.stderr, result.stderr
    assert "HTTP response" not in result.stderr and "codec" not in result.stderr


def test_base_url_sends_ascii():
    assert history_fetch.base_url("http://wördle.example/v2") == "http://xn--wrdle-jua.example/v2/"
    assert history_fetch.base_url("HTTPS://例え.テスト:8443/") == "https://xn--r8jz45g.xn--zckzah:8443/"
    assert history_fetch.base_url("http://127.0.0.1:8000/wördle/") == "http://127.0.0.1:8000/w%C3%B6rdle/"
    assert history_fetch.base_url("http://127.0.0.1:8000/a%20b/") == "http://127.0.0.1:8000/a%20b/"


def test_update_never_renames_over_a_link(runner, data, nyt, tmp_path):
    data.mkdir()
    target = tmp_path / "elsewhere.csv"
    kept = history.table(history.shipped_days())
    target.write_text(kept)
    (data / history.SHIPPED_HISTORY).symlink_to(target)
    result = update(runner, nyt.url)
    assert result.exit_code == 1 and "not a regular file; it was left as it is" in result.stderr
    assert (data / history.SHIPPED_HISTORY).is_symlink() and target.read_text() == kept


def test_an_answer_outside_the_lists_is_kept_and_reported(runner, data, nyt):
    nyt.publish(1808, "qajaq")
    nyt.publish(1810, "zzyzx")  # today's: reported without naming it
    result = update(runner, nyt.url)
    assert result.exit_code == 0
    assert "#1808 (2026-06-01): 'qajaq' is not in nyt-answers.txt; kept" in result.stderr
    assert "#1810 (2026-06-03): its answer is not in nyt-answers.txt" in result.stderr and "zzyzx" not in result.stderr
    assert history.known_days()[-3].answer == "qajaq"
    # Every command that reads the history then says so, once.
    shown = invoke(runner, ["history", "qajaq"])
    assert shown.stdout == "qajaq was the answer of #1808 (2026-06-01)\n"
    assert shown.stderr.count("the lists are out of date") == 1 and "#1808, #1810" in shown.stderr


def test_a_damaged_user_file_is_one_line(runner, data):
    data.mkdir()
    (data / history.SHIPPED_HISTORY).write_text("number,date,answer\n1808,2026-06-09,abash\n")
    result = invoke(runner, ["history"])
    assert result.exit_code == 1 and "falls on 2026-06-01, not 2026-06-09" in result.stderr and "delete the file" in result.stderr


def _fifo_with_a_writer(path, stop):
    """A FIFO at `path`; until `stop`, a thread writes a good table into it whenever a reader opens it: a command
    that waits for a writer then reads it (and succeeds) rather than hanging the test."""
    os.mkfifo(path)

    def feed():
        while not stop.is_set():
            try:
                fd = os.open(path, os.O_WRONLY | os.O_NONBLOCK)
            except OSError:  # no reader yet
                time.sleep(0.01)
                continue
            with os.fdopen(fd, "w") as out:
                try:
                    out.write("number,date,answer\n1808,2026-06-01,abash\n")
                except OSError:
                    pass

    thread = threading.Thread(target=feed, daemon=True)
    thread.start()
    return thread


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
@pytest.mark.parametrize("args", [["history"], ["history", "update", "--url", "http://127.0.0.1:9/"], ["history", "prior"]])
def test_a_special_file_as_the_users_history_is_refused_at_once(runner, data, args):
    data.mkdir()
    stop = threading.Event()
    feeder = _fifo_with_a_writer(str(data / history.SHIPPED_HISTORY), stop)
    try:
        result = invoke(runner, args)
    finally:
        stop.set()
        feeder.join()
    assert result.exit_code == 1, result.stderr
    assert result.stderr.strip().splitlines()[-1] == (
        f"Error: cannot read the history {data / history.SHIPPED_HISTORY}: not a regular file but a FIFO; "
        "delete the file to start again from the shipped history"
    )


LONG = "a" * 140_000
DAMAGED = {
    "a number past any date": ("99999999,2026-01-01,cigar", "line 2: puzzle #99999999 is not a puzzle number (0 to 2914099)"),
    "a negative number": ("-1,2021-06-18,cigar", "line 2: puzzle #-1 is not a puzzle number"),
    "a field over csv's limit": (f"1808,2026-06-01,{LONG}", "line 2: longer than 320 characters, not a row number,date,answer"),
    "a NUL in a word": ("1808,2026-06-01,ab\0sh", "line 2: the answer 'ab\\x00sh' is not a five-letter word"),
    "not UTF-8": ("1808,2026-06-01,abash\n\udcff", "line 3: not valid UTF-8"),
}


@pytest.mark.parametrize("case", DAMAGED, ids=list(DAMAGED))
@pytest.mark.parametrize("args", [["history", "-n", "2"], ["history", "cigar"], ["history", "update", "--url", "http://127.0.0.1:9/"]])
def test_a_damaged_users_history_is_one_line_naming_the_file_and_line(runner, data, case, args):
    data.mkdir()
    path = data / history.SHIPPED_HISTORY
    row, message = DAMAGED[case]
    path.write_bytes(f"number,date,answer\n{row}\n".encode("utf-8", "surrogateescape"))
    before = path.read_bytes()
    result = invoke(runner, args)
    assert result.exit_code == 1 and result.stderr.count("\n") == 1, result.stderr
    assert result.stderr.startswith(f"Error: {path}, {message}")
    assert result.stderr.rstrip().endswith("delete the file to start again from the shipped history")
    assert path.read_bytes() == before


def test_the_users_history_linked_to_dev_zero_is_refused(runner, data):
    data.mkdir()
    (data / history.SHIPPED_HISTORY).symlink_to("/dev/zero")
    result = invoke(runner, ["history", "-n", "2"])
    assert result.exit_code == 1 and "not a regular file but a device" in result.stderr, result.stderr
    (data / history.SHIPPED_HISTORY).unlink()
    (data / history.SHIPPED_HISTORY).mkdir()
    result = invoke(runner, ["history", "-n", "2"])
    assert result.exit_code == 1 and result.stderr.endswith("nyt-history.csv: Is a directory\n"), result.stderr


def test_a_users_history_over_its_limit_is_refused_not_cut(runner, data):
    data.mkdir()
    path = data / history.SHIPPED_HISTORY
    # A good table whose last row lies past 16 MiB (blank lines between: cheap to read, had it been read).
    with open(path, "w", encoding="utf-8") as out:
        out.write("number,date,answer\n1808,2026-06-01,abash\n")
        out.write("\n" * (16 << 20))
        out.write("1809,2026-06-02,afire\n")
    result = invoke(runner, ["history", "-n", "1"])
    assert result.exit_code == 1, result.stdout
    size = path.stat().st_size
    assert result.stderr == (
        f"Error: the history {path} is {size} bytes, over the 16 MiB a history may take; delete the file to start again from the shipped history\n"
    )


def test_the_users_history_keeps_the_first_row_of_each_number(runner, data):
    data.mkdir()
    (data / history.SHIPPED_HISTORY).write_text(
        'number,date,answer\r\n"1808","2026-06-01","ABASH"\r\n\r\n1808,2026-06-01,other\r\n 1809 , 2026-06-02 , afire \r\n', encoding="utf-8"
    )
    assert [(d.number, d.answer) for d in history.user_days()] == [(1808, "abash"), (1809, "afire")]


# ---------------------------------------------------------------- --day N / --date D where a command takes an answer

ANSWERS = ["cigar", "rebut", "sissy", "humph", "awake", "blush", "focal", "evade", "naval", "serve", "aroma", "agora", "abash"]
ALLOWED = ["roate", "raise", "zzzzz", "eerie", "qajaq"]


@pytest.fixture
def small(runner):
    from pathlib import Path

    Path("answers.txt").write_text("\n".join(ANSWERS) + "\n", encoding="utf-8")
    Path("allowed.txt").write_text("\n".join(ALLOWED) + "\n", encoding="utf-8")
    return ["--answers", "answers.txt", "--allowed", "allowed.txt", "-q"]


def test_solve_plays_a_days_answer(runner, data, small):
    by_day = invoke(runner, ["solve", *small, "--day", "1", "--share"])
    assert by_day.exit_code == 0, by_day.stderr
    assert by_day.stdout == invoke(runner, ["solve", *small, "rebut", "--share", "--day", "1"]).stdout
    assert "rebut" in by_day.stdout and "\nWordle 1 " in by_day.stdout
    by_date = invoke(runner, ["solve", *small, "--date", "2021-06-20"])
    assert by_date.stdout == invoke(runner, ["solve", *small, "rebut"]).stdout
    # A doubled day of 2022: the NYT's word, and a warning naming the other.
    doubled = invoke(runner, ["solve", *small, "--day", "241"])
    assert doubled.exit_code == 0 and "aroma  🟩🟩🟩🟩🟩" in doubled.stdout
    assert "#241 had two answers: the NYT served 'aroma', the original page 'agora'" in doubled.stderr


@pytest.mark.parametrize(
    "args, status, message",
    [
        (["--day", "1808"], 1, "#1808 (2026-06-01) is not in the history, which ends at #1807 (2026-05-31): `wordle history update`"),
        (["--date", "2021-06-18"], 2, "2021-06-18 is before puzzle #0 (2021-06-19)"),
        (["--date", "2021-13-01"], 2, "'2021-13-01' is not a date YYYY-MM-DD"),
        (["--day", "3", "--date", "2021-06-22"], 2, "give --day or --date, not both"),
        ([], 2, "give a TARGET, or --day N / --date YYYY-MM-DD"),
    ],
)
def test_solve_refuses_a_day_it_cannot_use(runner, data, small, args, status, message):
    result = invoke(runner, ["solve", *small, *args])
    assert result.exit_code == status and message in result.stderr, result.stderr


def known_through(data, last: int, answers=("abash", "afire", "aloha", "arced", "avast", "awake", "blush", "focal")) -> None:
    """A user history holding #1808 to #`last` (as `history update --spoil` writes one)."""
    data.mkdir(exist_ok=True)
    rows = [history.Day(n, history.date_of(n), answers[(n - 1808) % len(answers)]) for n in range(1808, last + 1)]
    (data / history.SHIPPED_HISTORY).write_text(history.table(history.merged(history.shipped_days(), rows)), encoding="utf-8")


@pytest.mark.parametrize(
    "args, message",
    [
        (["--day", "1810"], "#1810 is today's puzzle (2026-06-03): its answer is a spoiler; add --spoil"),
        (["--date", "2026-06-04"], "#1811 falls on 2026-06-04, after today (2026-06-03): its answer is a spoiler; add --spoil"),
    ],
)
def test_solve_refuses_a_known_day_that_is_a_spoiler(runner, data, small, args, message):
    known_through(data, 1812)
    result = invoke(runner, ["solve", *small, *args])
    assert result.exit_code == 2 and message in result.stderr, result.stderr


@pytest.mark.parametrize("spoil", [[], ["--spoil"]])
def test_today_missing_from_the_history_says_so_and_names_update(runner, data, small, spoil):
    """Issue 49, item 11: the history's lack is said first (--spoil would not help), with the command that fetches it."""
    result = invoke(runner, ["solve", *small, "--date", "2026-06-03", *spoil])
    assert result.exit_code == 1, result.stderr
    assert "#1810 (2026-06-03) is not in the history, which ends at #1807 (2026-05-31): `wordle history update` fetches" in result.stderr
    assert "spoiler" not in result.stderr
    later = invoke(runner, ["solve", *small, "--date", "2026-06-05", *spoil])
    assert later.exit_code == 1 and "#1812 (2026-06-05) is not in the history" in later.stderr
    assert "`wordle history update --spoil`" in later.stderr


def test_a_day_after_an_update_and_with_spoil(runner, data, small, nyt):
    nyt.publish(1812, "humph")
    assert update(runner, nyt.url, "--spoil").exit_code == 0
    assert "abash  🟩🟩🟩🟩🟩" in invoke(runner, ["solve", *small, "--day", "1808"]).stdout  # known since the update
    assert invoke(runner, ["solve", *small, "--day", "1810"]).exit_code == 2
    spoiled = invoke(runner, ["solve", *small, "--day", "1812", "--spoil"])
    assert spoiled.exit_code == 0 and "humph  🟩🟩🟩🟩🟩" in spoiled.stdout


def test_review_takes_the_answer_of_a_day(runner, data, small):
    by_day = invoke(runner, ["review", *small, "--strategy", "expected", "--no-cache", "--day", "0", "roate", "cigar"])
    assert by_day.exit_code == 0, by_day.stderr
    by_answer = invoke(runner, ["review", *small, "--strategy", "expected", "--no-cache", "--answer", "cigar", "roate", "cigar"])
    assert by_day.stdout == by_answer.stdout
    both = invoke(runner, ["review", *small, "--answer", "cigar", "--date", "2021-06-19", "roate"])
    assert both.exit_code == 2 and "give --answer or --day / --date, not both" in both.stderr


def _grid(guesses, answer, header):
    import naive

    return header + "\n\n" + "\n".join("".join("⬛🟨🟩"[t] for t in naive.feedback(g, answer)) for g in guesses) + "\n"


def test_infer_checks_itself_against_the_day(runner, data, small):
    posts = _grid(["roate", "cigar"], "cigar", "Wordle 0 2/6") + "\n" + _grid(["raise", "cigar"], "cigar", "Wordle 0 2/6")
    right = invoke(runner, ["infer", *small, "--day", "0"], input=posts)
    assert right.exit_code == 0, right.stderr
    assert right.stdout.splitlines()[-1] == "check: #0's answer was 'cigar': the inferred answer matches"
    as_json = json.loads(invoke(runner, ["infer", *small, "--date", "2021-06-19", "--json"], input=posts).stdout)
    assert as_json["check"] == {"day": 0, "answers": ["cigar"], "matches": True, "rank": 1}
    # Grids that point elsewhere: the day's answer, its rank, and no match.
    wrong = posts.replace("Wordle 0", "Wordle 1")
    missed = invoke(runner, ["infer", *small, "--day", "1"], input=wrong)
    assert missed.stdout.splitlines()[-1].startswith("check: #1's answer was 'rebut' (ranked ")
    assert missed.stdout.splitlines()[-1].endswith("): the inferred 'cigar' does not match")
    # No day named: no check; today's puzzle: not checked without --spoil, and said why.
    assert "check:" not in invoke(runner, ["infer", *small], input=posts).stdout
    known_through(data, 1810)
    today = invoke(runner, ["infer", *small[:-1], "--day", "1810"], input=posts.replace("Wordle 0", "Wordle 1810"))
    assert today.exit_code == 0 and "check:" not in today.stdout
    assert "not checked against the history: #1810 is today's puzzle" in today.stderr


# ---------------------------------------------------------------- issue 49: spoilers, a run cut short, a file set aside


def test_a_failure_mid_way_keeps_the_days_before_it_and_a_run_again_goes_on(runner, data, nyt, monkeypatch):
    """Issue 49, item 2: a 404 for a published day, then a timeout, each after good days: those days are written
    (atomically, as ever), the one error line says where it stopped, the exit status says it failed, and the next
    run starts from the day that failed."""
    later = dt.date(2026, 6, 10)  # #1817: the server's #1808 to #1812 all published, and #1813 too, though it says 404
    monkeypatch.setattr(history, "today", lambda now=None: later)
    monkeypatch.setattr(history, "nyt_today", lambda now=None: later)
    result = update(runner, nyt.url)
    assert result.exit_code == 1
    errors = [line for line in result.stderr.splitlines() if line.startswith("Error")]
    assert len(errors) == 1 and "HTTP 404 Not Found, but #1813 (2026-06-06) was published before today" in errors[0], result.stderr
    assert errors[0].endswith("; stopped at #1813 (2026-06-06): the 5 days before it are kept, and running it again goes on from there")
    assert [d.number for d in history.user_days()][-5:] == [1808, 1809, 1810, 1811, 1812]
    assert sorted(os.listdir(data)) == [history.SHIPPED_HISTORY]  # written whole, no temporary file left

    release = threading.Event()

    def slow(handler):
        release.wait(5)
        handler.send_error(404)

    for number, answer in zip(range(1813, 1818), ["beach", "cabin", "daily", "eagle", "fable"]):
        nyt.publish(number, answer)
    nyt.routes[nyt.path(1815)] = slow
    nyt.requests.clear()
    result = update(runner, nyt.url, "--timeout", "0.3", "-q")
    release.set()
    assert result.exit_code == 1 and nyt.requests[0] == nyt.path(1813)  # on from where the last run stopped
    assert result.stderr.count("\n") == 1 and "timed out" in result.stderr
    assert result.stderr.rstrip().endswith("stopped at #1815 (2026-06-08): the 2 days before it are kept, and running it again goes on from there")
    assert history.last(history.user_days()).number == 1814
    nyt.publish(1815, "daily")
    result = update(runner, nyt.url)
    assert result.exit_code == 0 and "added 3 days (#1815 to #1817" in result.stderr, result.stderr


SET_ASIDE = {
    "empty": (b"", "is empty"),
    "no header": (b"1808,2026-06-01,abash\n", "does not start with the header number,date,answer"),
    "a blank first line": (b"\nnumber,date,answer\n", "does not start with the header number,date,answer"),
}


@pytest.mark.parametrize("case", SET_ASIDE, ids=list(SET_ASIDE))
def test_an_empty_or_headerless_history_is_set_aside_with_one_warning_and_update_repairs_it(runner, data, nyt, small, monkeypatch, case):
    """Issue 49, item 16: no nyt command is stopped by it; one warning (even with -q) says how to recover."""
    data.mkdir()
    path = data / history.SHIPPED_HISTORY
    content, what = SET_ASIDE[case]
    path.write_bytes(content)
    warning = f"warning: the history {path} {what}: using the shipped history alone; `wordle history update` rewrites it (or delete it)"
    for args in (["history", "-n", "1", "-q"], ["history", "etude", "-q"], ["solve", *small, "--day", "1", "--prior", "nyt"],
                 ["history", "prior", "--date", "2026-06-01", "-q"]):
        result = invoke(runner, args)
        assert result.exit_code == 0, (args, result.stderr)
        assert [line for line in result.stderr.splitlines() if "history" in line and "warning" in line] == [warning], (args, result.stderr)
    assert invoke(runner, ["history", "-n", "1"]).stdout == " 1807  2026-05-31  etude\n"
    assert path.read_bytes() == content  # set aside, never changed by reading it
    # `history update` rewrites it even when there is nothing new to fetch.
    nyt.routes.clear()
    monkeypatch.setattr(history, "today", lambda now=None: dt.date(2026, 6, 1))
    monkeypatch.setattr(history, "nyt_today", lambda now=None: dt.date(2026, 6, 1))
    repaired = update(runner, nyt.url)
    assert repaired.exit_code == 0 and f"rewrote {path} from the shipped history" in repaired.stderr, repaired.stderr
    assert path.read_text(encoding="utf-8") == history.table(history.shipped_days())
    assert "warning" not in invoke(runner, ["history", "-n", "1"]).stderr


def _spoilers():
    """Eight allowed guesses of the NYT's that its answer list lacks: as answers, each would join the pool."""
    from wordle_cli.shipped import NYT_ALLOWED, NYT_ANSWERS, shipped_words

    answers = set(shipped_words(NYT_ANSWERS))
    return [word for word in shipped_words(NYT_ALLOWED) if word not in answers][:8]


def test_no_answer_of_today_or_later_is_shown_without_spoil(runner, data):
    """Issue 49, item 1: a history holding the days ahead (`history update --spoil`) lends a pool for a later date
    only the answers before today: not in the pool line, not in play's `list`, not in `history prior`."""
    words = _spoilers()
    known_through(data, 1815, words)  # #1808 to #1815 (2026-06-01 to 06-08); today is 06-03 (#1810)
    past, ahead = words[:2], words[2:]
    day = "2026-06-08"
    played = invoke(runner, ["play", "--batch", "--prior", "nyt", "--date", day], input="list\n")
    assert played.exit_code == 0, played.stderr
    listed = played.stdout + played.stderr
    assert all(word in listed for word in past) and not any(word in listed for word in ahead), listed
    prior = invoke(runner, ["history", "prior", "--date", day])
    assert prior.exit_code == 0 and all(word in prior.stdout for word in past)
    assert not any(word in prior.stdout + prior.stderr for word in ahead)
    spoiled = invoke(runner, ["history", "prior", "--date", day, "--spoil"]).stdout
    assert all(word in spoiled for word in words[:7])  # with --spoil: every day before 06-08
    # solve and simulate build their game the same way (`open_setup`): the pool, and its name (the pool line).
    from wordle_cli import setup

    made = setup.open_setup(game="nyt", prior="nyt", date=dt.date(2026, 6, 8), strategy="expected")
    assert not set(ahead) & set(made.game.answers) and not any(word in made.answers_name for word in ahead)
    assert set(past) <= set(made.game.answers)
    spoil = setup.open_setup(game="nyt", prior="nyt", date=dt.date(2026, 6, 8), strategy="expected", spoil=True)
    assert set(words[:7]) <= set(spoil.game.answers)


def test_history_prior_lists_the_pool_the_commands_play(runner, data):
    """Issue 49, item 17: 3160 words for 2026-06-01 (loris and kefir joined, weight 1 in the commands' prior)."""
    from wordle_cli import setup

    result = invoke(runner, ["history", "prior", "--date", "2026-06-01"])
    assert result.exit_code == 0, result.stderr
    rows = [line.split(",") for line in result.stdout.splitlines()[1:]]
    made = setup.open_setup(game="nyt", prior="nyt", date=dt.date(2026, 6, 1), strategy="expected")
    assert len(rows) == len(made.game.answers) == 3160
    assert {word for word, _ in rows} == set(made.game.answers)
    weight = dict(zip(made.game.answers, made.prior.weights.tolist()))
    assert weight["loris"] == weight["kefir"] == 1
    assert "3160 answers: nyt-answers.txt + the history's loris, kefir" in result.stderr


def test_solve_with_a_target_takes_day_n_as_it_takes_its_date(runner, data, small):
    """Issue 49, item 6: with TARGET, --day N names the game's day as --date does (its prior, --share's number),
    and the help says so."""
    by_day = invoke(runner, ["solve", *small, "--prior", "nyt", "cigar", "--day", "1000"])
    by_date = invoke(runner, ["solve", *small, "--prior", "nyt", "cigar", "--date", "2024-03-15"])
    assert by_day.exit_code == 0, by_day.stderr
    assert by_day.stdout == by_date.stdout and by_day.stdout.startswith("prior: nyt prior for 2024-03-15")
    shared = invoke(runner, ["solve", *small, "--prior", "nyt", "cigar", "--day", "1000", "--share"])
    assert "\nWordle 1000 " in shared.stdout
    text = " ".join(invoke(runner, ["solve", "--help"]).stdout.split())
    assert "only numbers" not in text and "with TARGET given, puzzle N is only the game's day, as --date's: its prior" in text
