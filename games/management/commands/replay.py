"""`manage.py replay FILE`: replay a game record (docs/records/) and print its result as one JSON line."""
import json
import sys
from argparse import ArgumentParser
from pathlib import Path
from typing import Any, NoReturn

from django.core.management.base import BaseCommand

from games.rules.record import RecordError, load_record, replay_record

# Exit status for a bad record, as docs/records/ says; CommandError would print a prefix and exit 1.
BAD_RECORD = 2


class Command(BaseCommand):
    help = "Replay a game record (FILE, or - for standard input) and print its result as one JSON line."
    requires_system_checks: list[str] = []

    def add_arguments(self, parser: ArgumentParser) -> None:
        parser.add_argument("file", metavar="FILE", help="the record to replay, or - for standard input")

    def handle(self, *args: Any, **options: Any) -> None:
        name: str = options["file"]
        try:
            text = read_text(name)
        except (OSError, UnicodeDecodeError) as err:
            self.fail(f"record: cannot read {name}: {reason(err)}")
        try:
            line = json.dumps(replay_record(load_record(text)))
        except RecordError as err:
            self.fail(str(err))
        except Exception as err:  # never a traceback: any failure is one line and status 2
            self.fail(f"record: internal error: {type(err).__name__}: {err}")
        self.stdout.write(line)

    def fail(self, message: str) -> NoReturn:
        """Write one line to standard error and exit with status 2."""
        self.stderr.write(" ".join(message.splitlines()))
        raise SystemExit(BAD_RECORD)


def read_text(name: str) -> str:
    """The record's text, decoded as UTF-8 (strictly, whatever the locale)."""
    data = sys.stdin.buffer.read() if name == "-" else Path(name).read_bytes()
    return data.decode("utf-8")


def reason(err: OSError | UnicodeDecodeError) -> str:
    """A short reason: "No such file or directory" rather than the errno and the path again."""
    if isinstance(err, OSError) and err.strerror:
        return err.strerror
    return str(err)
