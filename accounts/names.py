"""Names players choose: usernames that may not pass for another's, display names that cannot fool a reader.

Usernames compare case-insensitively and by their confusable skeleton (Unicode Technical Standard #39,
section 4): ``U01`` is ``u01``, and a Cyrillic ``аlice`` or ``a1ice`` is ``alice``. The skeleton maps every
character to the prototype it is confusable with (``accounts/confusables.txt``, Unicode's data). Display
names refuse control characters, line breaks and the invisible formatting characters that reorder text.
"""
from __future__ import annotations

import unicodedata
from functools import lru_cache
from pathlib import Path

from django.core.exceptions import ValidationError

DATA = Path(__file__).with_name("confusables.txt")
#: The zero width joiner is a formatting character that emoji sequences need; it reorders nothing.
ALLOWED_FORMAT = {"\u200d"}


@lru_cache(maxsize=1)
def prototypes() -> dict[str, str]:
    """Each confusable character and the prototype (one or more characters) it stands for."""
    table: dict[str, str] = {}
    for line in DATA.read_text(encoding="utf-8").splitlines():
        if line and not line.startswith("#"):
            source, target = line.split(";")
            table[chr(int(source, 16))] = "".join(chr(int(cp, 16)) for cp in target.split())
    return table


def skeleton(text: str) -> str:
    """UTS #39's skeleton: NFD, each character to its prototype, NFD again."""
    table = prototypes()
    decomposed = unicodedata.normalize("NFD", text)
    return unicodedata.normalize("NFD", "".join(table.get(char, char) for char in decomposed))


def name_key(username: str) -> str:
    """What two usernames must not share: the skeleton of the case-folded name."""
    return skeleton(unicodedata.normalize("NFKC", username).casefold()).casefold()


def validate_display_name(value: str) -> None:
    """Refuse control characters, line breaks and bidirectional overrides (a name that reorders text)."""
    for char in value:
        category = unicodedata.category(char)
        if category in ("Cc", "Zl", "Zp") or (category == "Cf" and char not in ALLOWED_FORMAT):
            raise ValidationError(
                "A display name cannot hold control characters, line breaks or invisible formatting such as "
                "right-to-left overrides (found U+%(code)04X).", code="display_name_control",
                params={"code": ord(char)})
