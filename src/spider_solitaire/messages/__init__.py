"""English and Spanish texts for reason codes (and, later, hint codes).

The catalogs are JSON files beside this module so that the terminal, the server and
the browser all read the same sentences. Shape of each file::

    {"reasons": {"<reason code>": "<one sentence>", ...}, ...}

Decision of ours: English is the fallback for an unknown language or a missing key.
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources

LANGUAGES: tuple[str, ...] = ("en", "es")
"""Languages with a catalog, the first being the fallback."""


@cache
def catalog(language: str) -> dict[str, dict[str, str]]:
    """Return the whole catalog for ``language`` (``"en"`` or ``"es"``).

    An unknown language gives the English catalog. The result is cached and
    must not be mutated.
    """
    if language not in LANGUAGES:
        language = LANGUAGES[0]
    text = resources.files(__package__).joinpath(f"{language}.json").read_text("utf-8")
    data: dict[str, dict[str, str]] = json.loads(text)
    return data


def message(section: str, code: str, language: str = "en") -> str:
    """Return the sentence for ``code`` in ``section`` (``"reasons"`` or ``"hints"``).

    Falls back to English when the language lacks it.

    Raises:
        KeyError: the code is in neither catalog.
    """
    texts = catalog(language).get(section, {})
    if code in texts:
        return texts[code]
    return catalog(LANGUAGES[0])[section][code]


def reason_text(reason: str, language: str = "en") -> str:
    """Return the one-sentence rule behind a refusal ``reason`` code, in ``language``."""
    return message("reasons", reason, language)
