"""Reading the site's gettext catalogues in plain Python: the .po files as written, the .mo files as compiled
(Python's own ``gettext`` reads those), so that the tests need no gettext tools and no extra library."""
from __future__ import annotations

import ast
import gettext
import re
from dataclasses import dataclass, field
from pathlib import Path

from django.conf import settings

LANGUAGES = [code for code, _name in settings.LANGUAGES if code != settings.LANGUAGE_CODE]
DOMAINS = ("django", "djangojs")
LINE = re.compile(r'^(msgctxt|msgid_plural|msgid|msgstr(?:\[(\d+)\])?) (".*")$')


@dataclass
class Entry:
    """One message of a .po file."""

    msgid: str = ""
    plural: str | None = None
    context: str | None = None
    strings: dict[int, str] = field(default_factory=dict)
    flags: set[str] = field(default_factory=set)
    obsolete: bool = False


def _text(quoted: str) -> str:
    return str(ast.literal_eval(quoted))  # a C string literal: the escapes .po files use are Python's too


def read_po(path: Path) -> list[Entry]:
    """The entries of a .po file, header included (msgid "")."""
    entries: list[Entry] = []
    entry: Entry | None = None
    target: tuple[str, int] = ("msgid", 0)
    for line in path.read_text(encoding="utf-8").splitlines() + [""]:
        if not line.strip():
            if entry is not None:
                entries.append(entry)
            entry = None
            continue
        entry = entry or Entry()
        if line.startswith("#~"):
            entry.obsolete = True
        elif line.startswith("#,"):
            entry.flags.update(flag.strip() for flag in line[2:].split(","))
        elif line.startswith("#"):
            continue
        elif match := LINE.match(line):
            key, index, value = match.group(1), match.group(2), _text(match.group(3))
            if key == "msgctxt":
                entry.context, target = value, ("msgctxt", 0)
            elif key == "msgid":
                entry.msgid, target = value, ("msgid", 0)
            elif key == "msgid_plural":
                entry.plural, target = value, ("msgid_plural", 0)
            else:
                target = ("msgstr", int(index or 0))
                entry.strings[target[1]] = value
        elif line.startswith('"'):
            value = _text(line)
            if target[0] == "msgid":
                entry.msgid += value
            elif target[0] == "msgid_plural":
                entry.plural = (entry.plural or "") + value
            elif target[0] == "msgctxt":
                entry.context = (entry.context or "") + value
            else:
                entry.strings[target[1]] += value
    return entries


def catalogue_paths(language: str, domain: str) -> tuple[Path, Path]:
    """The .po and .mo files of ``language`` and ``domain`` in the site's locale folder."""
    folder = Path(settings.LOCALE_PATHS[0]) / language / "LC_MESSAGES"
    return folder / f"{domain}.po", folder / f"{domain}.mo"


def compiled(path: Path) -> gettext.GNUTranslations:
    """A compiled .mo file, read by Python's gettext."""
    with path.open("rb") as handle:
        return gettext.GNUTranslations(handle)


#: A count that takes each plural form in German and French (both: nplurals=2, form 0 for one).
PLURAL_COUNTS = {0: 1, 1: 5}


def stale_messages(entries: list[Entry], translations: gettext.GNUTranslations) -> list[str]:
    """The translated entries of a .po file that its compiled .mo does not say as the .po says them."""
    stale = []
    for entry in entries:
        if entry.obsolete or not entry.msgid or "fuzzy" in entry.flags:
            continue
        for index, text in entry.strings.items():
            if entry.plural is None:
                got = (translations.gettext(entry.msgid) if entry.context is None
                       else translations.pgettext(entry.context, entry.msgid))
            else:
                count = PLURAL_COUNTS[index]
                got = (translations.ngettext(entry.msgid, entry.plural, count) if entry.context is None
                       else translations.npgettext(entry.context, entry.msgid, entry.plural, count))
            if text and got != text:
                stale.append(entry.msgid)
    return stale
