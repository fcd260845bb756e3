"""Refresh the game side's catalogues, games/locale/{de,fr}/LC_MESSAGES/{django,djangojs}.po (docs/i18n-games.md).

    .venv/bin/python bin/games-messages.py          # then translate the new entries, and:
    cd games && ../.venv/bin/django-admin compilemessages

The game side's words live in three places that Django's ``makemessages`` would send to different catalogues:
the engines (``Words("...")`` and ``Words.plural("...", "...", n)`` in games/rules, games/play), the game page's
templates (templates/base.html, templates/games/game.html and its includes) and the board's scripts
(static/js/games, static/js/shell and the page's other scripts). This runs ``makemessages`` once in a scratch
folder that links to exactly those files, with ``Words`` and ``plural`` as gettext keywords, so that everything
lands in games/locale and nothing in the site's own locale/ (the rest of the site's catalogues).
"""
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LANGUAGES = ["de", "fr"]
PYTHON = ["games/rules", "games/play/selectors.py", "games/i18n.py"]
TEMPLATES = ["templates/base.html", "templates/games/game.html", "templates/games/_chat.html",
             "templates/games/_table_end.html", "templates/games/_review_link.html"]
SCRIPTS = ["static/js/games", "static/js/shell", "static/js/game.js", "static/js/chat.js", "static/js/live.js",
           "static/js/rematch.js", "static/js/table-socket.js"]

SETTINGS = """
SECRET_KEY = "messages"
USE_I18N = True
INSTALLED_APPS = []
LOCALE_PATHS = []
"""

#: makemessages with the engines' ``Words`` and ``Words.plural`` as gettext keywords (xgettext's options).
RUN = """
import sys
import django
from django.core.management.commands.makemessages import Command

django.setup()


class WordsCommand(Command):
    xgettext_options = [*Command.xgettext_options, "--keyword=Words", "--keyword=plural:1,2", "--keyword=n_:1,2",
                        "--keyword=count:2,3"]


domain, ext, *languages = sys.argv[1:]
WordsCommand().run_from_argv(["manage.py", "makemessages", "--symlinks", "--no-obsolete", "--no-location",
                              "-d", domain, "-e", ext, *sum((["-l", lang] for lang in languages), [])])
"""


def main() -> None:
    target = ROOT / "games" / "locale"
    with tempfile.TemporaryDirectory() as scratch:
        work = Path(scratch)
        (work / "messages_settings.py").write_text(SETTINGS)
        for name in PYTHON + TEMPLATES + SCRIPTS:
            link = work / "src" / name.replace("/", "__")
            link.parent.mkdir(parents=True, exist_ok=True)
            link.symlink_to(ROOT / name)
        for lang in LANGUAGES:  # makemessages merges into the catalogues it finds
            for domain in ("django", "djangojs"):
                have = target / lang / "LC_MESSAGES" / f"{domain}.po"
                if have.exists():
                    (work / "locale" / lang / "LC_MESSAGES").mkdir(parents=True, exist_ok=True)
                    shutil.copy(have, work / "locale" / lang / "LC_MESSAGES" / have.name)
        (work / "locale").mkdir(exist_ok=True)
        env = {"PYTHONPATH": str(work), "DJANGO_SETTINGS_MODULE": "messages_settings", "PATH": "/usr/bin:/bin"}
        (work / "run_messages.py").write_text(RUN)
        for domain, ext in (("django", "html,py"), ("djangojs", "js")):
            subprocess.run([sys.executable, "run_messages.py", domain, ext, *LANGUAGES], cwd=work, env=env, check=True)
        for lang in LANGUAGES:
            out = target / lang / "LC_MESSAGES"
            out.mkdir(parents=True, exist_ok=True)
            for domain in ("django", "djangojs"):
                made = work / "locale" / lang / "LC_MESSAGES" / f"{domain}.po"
                if made.exists():
                    shutil.copy(made, out / made.name)


if __name__ == "__main__":
    main()
