"""Names players choose: usernames that may not pass for another's, display names that cannot fool a reader.

Usernames compare case-insensitively and by their confusable skeleton (Unicode Technical Standard #39,
section 4): ``U01`` is ``u01``, and a Cyrillic ``аlice`` or ``a1ice`` is ``alice``. The skeleton maps every
character to the prototype it is confusable with (``accounts/confusables.txt``, Unicode's data). Display
names refuse control characters, line breaks and the invisible formatting characters that reorder text.
The names of the site's computer players ("Computer (easy)", "computer~easy~2") are kept from people, in any
case, spacing or lookalike letters (``looks_like_computer``).
"""
from __future__ import annotations

import unicodedata
from functools import lru_cache
from pathlib import Path

from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

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


#: What the site's computer players are called: "computer" and their level (accounts.models.ComputerLevel).
COMPUTER_WORD = "computer"
COMPUTER_LEVELS = ("easy", "medium", "hard")


def _letters_key(text: str) -> str:
    """The name's key (``name_key``) without spaces, punctuation or marks: "Computer (easy) 2" and
    "computer-easy-2" come out the same."""
    return "".join(char for char in name_key(text) if char.isalnum())


def looks_like_computer(text: str) -> bool:
    """True if ``text`` would pass for one of the site's computer players: "computer", "Computer (hard)",
    "c0mputer_easy_2" (the word, a level or not, then digits or nothing), whatever the case, spacing or
    lookalike letters. "computerfan" or "easy-computer" are other names."""
    key = _letters_key(text)
    word = _letters_key(COMPUTER_WORD)
    if not key.startswith(word):
        return False
    rest = key[len(word):]
    for level in COMPUTER_LEVELS:
        if rest.startswith(_letters_key(level)):
            rest = rest[len(_letters_key(level)):]
            break
    digits = {char for digit in "0123456789" for char in _letters_key(digit)}  # a skeleton's "1" is "l"
    return all(char in digits for char in rest)


def validate_display_name(value: str) -> None:
    """Refuse control characters, line breaks and bidirectional overrides (a name that reorders text)."""
    for char in value:
        category = unicodedata.category(char)
        if category in ("Cc", "Zl", "Zp") or (category == "Cf" and char not in ALLOWED_FORMAT):
            raise ValidationError(
                _("A display name cannot hold control characters, line breaks or invisible formatting such as "
                  "right-to-left overrides (found U+%(code)04X)."), code="display_name_control",
                params={"code": ord(char)})
