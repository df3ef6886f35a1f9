"""HTTP for the providers: a deadline on every request, a cap on its answer, bounded retries with backoff,
errors without keys.

deep-translator calls ``requests.get`` / ``requests.post`` through the ``requests`` name of each provider
module and sets no timeout. :func:`routed_through` points that name, for the duration of one call, at a
:class:`RequestsShim` whose ``get``/``post`` go through :class:`HttpClient` (one ``requests.Session``, a
timeout, retries on 429, 5xx, timeouts and connection errors). Any final HTTP status of 400 or more is
raised as :class:`ProviderError` before deep-translator sees it, so its exceptions (some of which quote the
API key) never reach the user.

The timeout is an overall deadline: a request (connecting, the headers and the whole body) is answered within
it or counts as timed out, so a server that trickles a byte at a time cannot hold the run (a socket timeout
alone is per read). The request runs on a daemon thread that the caller stops waiting for at the deadline;
that thread stops reading at the next chunk. An answer over :attr:`HttpPolicy.max_reply_bytes` is refused
as it arrives, never held whole.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any
from urllib.parse import urlsplit

RETRY_STATUSES = frozenset({429, 500, 502, 503, 504})
REDACTED = "***"


class ProviderError(Exception):
    """The provider cannot be used (after retries): the message names the provider, never a key."""

    def __init__(self, message: str, status: int | None = None):
        super().__init__(message)
        self.message = message
        self.status = status


def redact(text: str, secrets: Iterable[str]) -> str:
    """``text`` with every secret (and its URL-encoded form) replaced by ``***``."""
    from urllib.parse import quote, quote_plus

    for secret in secrets:
        if secret:
            for form in {secret, quote(secret, safe=""), quote_plus(secret)}:
                text = text.replace(form, REDACTED)
    return text


def describe_host(url: str) -> str:
    """Scheme, host and port of ``url``: no credentials, no path, no query (where keys travel)."""
    parts = urlsplit(url)
    try:
        port = f":{parts.port}" if parts.port else ""
    except ValueError:
        port = ""
    return f"{parts.scheme}://{parts.hostname or '?'}{port}"


@dataclass
class HttpPolicy:
    timeout: float = 20.0  # seconds: the deadline of a whole request (connecting, headers, body)
    max_reply_bytes: int = 4 * 1024 * 1024  # an answer longer than this is a failure, not a translation
    retries: int = 3  # extra attempts after the first
    backoff: float = 0.5  # first wait; doubles each retry
    max_backoff: float = 8.0
    max_retry_after: float = 60.0  # longest wait a server's Retry-After is obeyed for
    sleep: Callable[[float], None] = field(default=time.sleep, repr=False)

    def wait_before_retry(self, attempt: int, retry_after: float | None = None) -> float:
        if retry_after is not None:
            return min(max(retry_after, 0.0), self.max_retry_after)
        return min(self.backoff * (2 ** attempt), self.max_backoff)


def _retry_after(response: Any) -> float | None:
    value = response.headers.get("Retry-After")
    try:
        return float(value) if value is not None else None
    except ValueError:
        return None  # an HTTP date: fall back to our own backoff


def _error_detail(response: Any, limit: int = 200) -> str:
    """The provider's own explanation of a refusal, short (``{"error": ...}`` or the start of the body)."""
    try:
        data = response.json()
    except ValueError:
        data = None
    if isinstance(data, dict):
        for key in ("error", "message", "detail"):
            value = data.get(key)
            if isinstance(value, dict):
                value = value.get("message")
            if isinstance(value, str) and value.strip():
                return value.strip()[:limit]
    text = " ".join((response.text or "").split())
    return text[:limit] if text and not text.startswith("<") else ""


class _Deadline(Exception):
    """The request was not answered whole within the policy's timeout."""


class _TooLarge(Exception):
    """The answer is longer than the policy's ``max_reply_bytes``."""


class HttpClient:
    """Sends a provider's requests with the policy's timeout and retries; counts them."""

    def __init__(self, provider: str, policy: HttpPolicy, secrets: Iterable[str] = ()):
        import requests

        self.provider = provider
        self.policy = policy
        self.secrets = tuple(secret for secret in secrets if secret)
        self.session = requests.Session()
        self.requests_sent = 0
        self.retries_made = 0

    def request(self, method: str, url: str, **kwargs: Any) -> Any:
        import requests

        kwargs["timeout"] = self.policy.timeout
        attempts = max(self.policy.retries, 0) + 1  # at least one, whatever a caller's policy says
        for attempt in range(attempts):
            retry_after, status = None, None
            self.requests_sent += 1
            try:
                response = self._within_deadline(method, url, kwargs)
            except _TooLarge:
                raise ProviderError(f"{self.provider}: the answer from {describe_host(url)} is over "
                                    f"{self.policy.max_reply_bytes:,} bytes: refused") from None
            except (requests.Timeout, _Deadline):
                problem = f"{self.provider}: no answer from {describe_host(url)} within {self.policy.timeout:g} s"
            except requests.ConnectionError:
                problem = f"{self.provider}: cannot connect to {describe_host(url)}"
            except requests.RequestException as error:
                raise ProviderError(f"{self.provider}: request failed ({type(error).__name__})") from None
            else:
                if response.status_code not in RETRY_STATUSES:
                    return self._checked(response)
                problem, status, retry_after = self._refusal(response), response.status_code, _retry_after(response)
            if attempt == attempts - 1:
                raise ProviderError(problem + (f" (after {attempts} attempts)" if attempts > 1 else ""), status)
            self.retries_made += 1
            self.policy.sleep(self.policy.wait_before_retry(attempt, retry_after))
        raise AssertionError("unreachable")  # pragma: no cover

    def _within_deadline(self, method: str, url: str, kwargs: dict) -> Any:
        """The response, its body read whole, within the policy's timeout (raises :class:`_Deadline`)."""
        outcome: dict[str, Any] = {}
        finished, abandoned = threading.Event(), threading.Event()

        def send() -> None:
            try:
                outcome["response"] = self._read_whole(method, url, kwargs, abandoned)
            except BaseException as error:  # (handed to the caller's thread)
                outcome["error"] = error
            finally:
                finished.set()

        threading.Thread(target=send, name=f"quizlint-{self.provider}-request", daemon=True).start()
        if not finished.wait(self.policy.timeout):
            abandoned.set()
            raise _Deadline()
        if "error" in outcome:
            raise outcome["error"]
        return outcome["response"]

    def _read_whole(self, method: str, url: str, kwargs: dict, abandoned: threading.Event) -> Any:
        response = self.session.request(method, url, stream=True, **kwargs)
        try:
            declared = response.headers.get("Content-Length", "")
            if declared.isdigit() and int(declared) > self.policy.max_reply_bytes:
                raise _TooLarge()
            body = bytearray()
            for chunk in _chunks_as_they_come(response):
                if abandoned.is_set():
                    raise _Deadline()
                body += chunk
                if len(body) > self.policy.max_reply_bytes:
                    raise _TooLarge()
        finally:
            response.close()
        response._content = bytes(body)  # (as requests does once it has read a body: .text and .json() use it)
        return response

    def _checked(self, response: Any) -> Any:
        if response.status_code >= 400:
            raise ProviderError(self._refusal(response), response.status_code)
        return response

    def _refusal(self, response: Any) -> str:
        reason = f" {response.reason}" if response.reason else ""
        detail = _error_detail(response)
        message = f"{self.provider} refused the request: HTTP {response.status_code}{reason}"
        return redact(message + (f" ({detail})" if detail else ""), self.secrets)


def _chunks_as_they_come(response: Any) -> Iterator[bytes]:
    """The body in the pieces the server sends (urllib3 2's ``read1``: a trickle gives a byte at a time, so the
    reader sees soon that it was abandoned), else in requests' fixed-size chunks."""
    read1 = getattr(response.raw, "read1", None)
    if read1 is None:  # pragma: no cover - urllib3 1.x
        yield from response.iter_content(chunk_size=16384)
        return
    while True:
        chunk = read1(16384, decode_content=True)
        if not chunk:
            return
        yield chunk


class RequestsShim:
    """Stands in for the ``requests`` module inside a deep-translator provider module."""

    def __init__(self, client: HttpClient):
        import requests

        self._client = client
        self._requests = requests

    def get(self, url: str, params: Any = None, **kwargs: Any) -> Any:
        return self._client.request("GET", url, params=params, **kwargs)

    def post(self, url: str, data: Any = None, json: Any = None, **kwargs: Any) -> Any:
        return self._client.request("POST", url, data=data, json=json, **kwargs)

    def __getattr__(self, name: str) -> Any:  # requests.exceptions and the rest, unchanged
        return getattr(self._requests, name)


@contextmanager
def routed_through(module: ModuleType, client: HttpClient) -> Iterator[None]:
    """While active, ``module``'s ``requests.get``/``requests.post`` go through ``client``."""
    original = module.requests
    module.requests = RequestsShim(client)
    try:
        yield
    finally:
        module.requests = original
