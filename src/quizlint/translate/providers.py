"""Machine translation providers: deep-translator's translators behind one small interface.

A provider translates one plain text from one language to another (:meth:`Provider.translate`). Keys come
from environment variables only, and are never printed: every request goes through
:class:`~quizlint.translate.http.HttpClient` (timeout, retries, redacted errors).
"""

from __future__ import annotations

import importlib
import os
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from quizlint.translate.http import HttpClient, HttpPolicy, ProviderError, redact, routed_through


# A reply far longer than its source is a broken answer (a server's error page, a runaway model), not a
# translation: refused, and the run stops as on any other provider failure.
REPLY_RATIO = 10
REPLY_SLACK = 1000


def longest_reply(text: str) -> int:
    """The most characters a translation of ``text`` may have."""
    return REPLY_RATIO * len(text) + REPLY_SLACK


class TextRefused(Exception):
    """The provider cannot translate this one text (too long, no translation found); others may still work."""


@dataclass(frozen=True)
class ProviderSpec:
    name: str
    module: str  # the deep_translator module
    class_name: str
    key_variables: tuple[str, ...] = ()  # environment variables holding the key, first set wins
    key_required: bool = False
    uses_url: bool = False
    summary: str = ""


PROVIDERS = {
    spec.name: spec
    for spec in (
        ProviderSpec("google", "deep_translator.google", "GoogleTranslator", summary="Google Translate (no key)"),
        ProviderSpec("libre", "deep_translator.libre", "LibreTranslator",
                     ("QUIZLINT_LIBRE_API_KEY", "LIBRETRANSLATE_API_KEY"), uses_url=True,
                     summary="LibreTranslate (--url; key optional for self-hosted servers)"),
        ProviderSpec("deepl", "deep_translator.deepl", "DeeplTranslator", ("DEEPL_API_KEY",), key_required=True,
                     summary="DeepL (DEEPL_API_KEY)"),
        ProviderSpec("microsoft", "deep_translator.microsoft", "MicrosoftTranslator",
                     ("MICROSOFT_TRANSLATOR_KEY",), key_required=True,
                     summary="Microsoft Translator (MICROSOFT_TRANSLATOR_KEY, MICROSOFT_TRANSLATOR_REGION)"),
        ProviderSpec("mymemory", "deep_translator.mymemory", "MyMemoryTranslator", summary="MyMemory (no key)"),
    )
}
DEFAULT_PROVIDER = "google"
DEFAULT_LIBRE_URL = "https://libretranslate.com/"
MICROSOFT_REGION_VARIABLE = "MICROSOFT_TRANSLATOR_REGION"


def _key_from_environment(spec: ProviderSpec, environ: dict[str, str]) -> str:
    for variable in spec.key_variables:
        value = environ.get(variable)
        if value is not None:
            return value.strip()
    if spec.key_required:
        raise ProviderError(f"{spec.name} needs an API key: set {' or '.join(spec.key_variables)}")
    return ""


def mymemory_code(lang: str, codes: list[str]) -> str:
    """MyMemory wants regional tags: ``tr`` → ``tr-TR``, ``de`` → ``de-DE``, ``en`` → ``en-GB``."""
    if lang in codes:
        return lang
    preferred = f"{lang.split('-')[0].lower()}-{lang.split('-')[0].upper()}"
    if preferred in codes:
        return preferred
    for code in codes:
        if code.lower().startswith(lang.lower() + "-"):
            return code
    return lang


class Provider:
    """One provider, ready to translate: ``translate(text, source, target)``."""

    def __init__(self, spec: ProviderSpec, policy: HttpPolicy, url: str | None = None,
                 environ: dict[str, str] | None = None):
        environ = dict(os.environ if environ is None else environ)
        self.spec = spec
        self.name = spec.name
        self.key = _key_from_environment(spec, environ)
        self.region = environ.get(MICROSOFT_REGION_VARIABLE) if spec.name == "microsoft" else None
        self.url = _normalise_url(url or DEFAULT_LIBRE_URL) if spec.uses_url else None
        self.client = HttpClient(spec.name, policy, [self.key])
        self._translators: dict[tuple[str, str], Any] = {}
        self._module = None

    @property
    def identity(self) -> str:
        """What distinguishes this provider's answers in the cache."""
        return f"{self.name} {self.url}" if self.url else self.name

    @property
    def requests_sent(self) -> int:
        return self.client.requests_sent

    def redact(self, text: str) -> str:
        return redact(text, [self.key])

    def translate(self, text: str, source: str, target: str) -> str:
        module = self._deep_translator_module()
        from deep_translator import exceptions

        with routed_through(module, self.client):
            translator = self._translator(module, source, target)
            try:
                result = translator.translate(text)
            except ProviderError:
                raise
            except (exceptions.NotValidLength, exceptions.NotValidPayload):
                raise TextRefused(f"{self.name} does not accept a text of {len(text)} characters") from None
            except exceptions.TranslationNotFound:
                raise TextRefused(f"{self.name} found no translation") from None
            except Exception as error:  # deep-translator fails on odd answers with whatever Python raises
                raise ProviderError(f"{self.name} gave an unusable answer ({type(error).__name__})") from None
        if not isinstance(result, str) or (text.strip() and not result.strip()):
            raise ProviderError(f"{self.name} gave an unusable answer (no text)")
        if len(result) > longest_reply(text):
            raise ProviderError(f"{self.name} gave an unusable answer ({len(result):,} characters for a text of "
                                f"{len(text):,}: a translation is at most {REPLY_RATIO} times as long as its text, plus "
                                f"{REPLY_SLACK} characters)")
        return result

    def _deep_translator_module(self):
        if self._module is None:
            self._module = importlib.import_module(self.spec.module)
        return self._module

    def _translator(self, module, source: str, target: str) -> Any:
        pair = (source, target)
        if pair not in self._translators:
            from deep_translator import exceptions

            try:
                self._translators[pair] = _FACTORIES[self.name](self, getattr(module, self.spec.class_name),
                                                                source, target)
            except ProviderError:
                raise
            except (exceptions.LanguageNotSupportedException, exceptions.InvalidSourceOrTargetLanguage):
                raise ProviderError(f"{self.name} does not support translating {source} → {target}") from None
            except Exception as error:
                raise ProviderError(self.redact(f"{self.name}: cannot start ({type(error).__name__})")) from None
        return self._translators[pair]


def _normalise_url(url: str) -> str:
    """deep-translator appends ``translate`` to the base URL: make sure it ends with a slash."""
    return url if url.endswith("/") else url + "/"


def _google(provider: Provider, cls, source: str, target: str):
    return cls(source=source, target=target)


def _libre(provider: Provider, cls, source: str, target: str):
    # deep-translator refuses an empty key, but self-hosted servers need none: construct with a stand-in,
    # then clear it (an empty key is not sent). The server, not deep-translator's fixed list, decides which
    # languages it supports, so the languages are set through the unchecked setters.
    translator = cls(source="en", target="es", api_key=provider.key or "unused", use_free_api=False,
                     custom_url=provider.url)
    translator.api_key = provider.key
    translator.source, translator.target = source, target
    return translator


def _deepl(provider: Provider, cls, source: str, target: str):
    return cls(source=source, target=target, api_key=provider.key, use_free_api=provider.key.endswith(":fx"))


def _microsoft(provider: Provider, cls, source: str, target: str):
    return cls(source=source, target=target, api_key=provider.key, region=provider.region or None)


def _mymemory(provider: Provider, cls, source: str, target: str):
    from deep_translator.constants import MY_MEMORY_LANGUAGES_TO_CODES

    codes = list(MY_MEMORY_LANGUAGES_TO_CODES.values())
    return cls(source=mymemory_code(source, codes), target=mymemory_code(target, codes))


_FACTORIES: dict[str, Callable[..., Any]] = {
    "google": _google, "libre": _libre, "deepl": _deepl, "microsoft": _microsoft, "mymemory": _mymemory,
}


def make_provider(name: str, policy: HttpPolicy, url: str | None = None,
                  environ: dict[str, str] | None = None) -> Provider:
    spec = PROVIDERS.get(name)
    if spec is None:
        raise ProviderError(f"unknown provider {name!r}; choose one of {', '.join(PROVIDERS)}")
    return Provider(spec, policy, url, environ)
