"""The catalogues (docs/i18n.md): every message translated, none fuzzy, the placeholders kept, and the committed
.mo files compiled from the .po files as they are now (CI has no gettext tools: the site reads the .mo files)."""
from __future__ import annotations

import re

import pytest

from .po_files import DOMAINS, LANGUAGES, catalogue_paths, compiled, read_po, stale_messages

PLACEHOLDER = re.compile(r"%\((\w+)\)[#0 +-]*\d*(?:\.\d+)?[sdifrxX]|%[sd]")
CATALOGUES = [(language, domain) for language in LANGUAGES for domain in DOMAINS]


@pytest.mark.parametrize(("language", "domain"), CATALOGUES)
def test_every_message_is_translated_and_none_is_fuzzy(language: str, domain: str) -> None:
    po, _mo = catalogue_paths(language, domain)
    entries = read_po(po)
    header = next(entry for entry in entries if entry.msgid == "")
    assert "fuzzy" not in header.flags and f"Language: {language}\n" in header.strings[0]
    messages = [entry for entry in entries if entry.msgid and not entry.obsolete]
    assert messages, f"{po} holds no messages"
    assert [entry.msgid for entry in messages if "fuzzy" in entry.flags] == []
    assert [entry.msgid for entry in messages if not all(entry.strings.values())] == []


@pytest.mark.parametrize(("language", "domain"), CATALOGUES)
def test_translations_keep_every_placeholder(language: str, domain: str) -> None:
    """A translation that drops or renames %(name)s breaks the page or the email that fills it in."""
    po, _mo = catalogue_paths(language, domain)
    for entry in read_po(po):
        if not entry.msgid:
            continue
        wanted = sorted(PLACEHOLDER.findall(entry.plural or entry.msgid))
        for text in entry.strings.values():
            assert sorted(PLACEHOLDER.findall(text)) == wanted, (entry.msgid, text)


@pytest.mark.parametrize(("language", "domain"), CATALOGUES)
def test_the_committed_mo_files_are_compiled_from_the_po_files(language: str, domain: str) -> None:
    po, mo = catalogue_paths(language, domain)
    assert mo.exists(), f"{mo} is missing: run compilemessages (docs/i18n.md) and commit it"
    translations = compiled(mo)
    assert translations.info().get("plural-forms", "").startswith("nplurals=2;")
    assert stale_messages(read_po(po), translations) == [], (
        f"{mo} is older than {po}: run compilemessages (docs/i18n.md) and commit the .mo files")
