"""Computer players are found by (level, seat), never by their username (issue 24): a person could register
"computer-easy" and be seated, and see the hands, wherever a game asked for that computer.

The computers the old code made ("computer-easy", "computer-easy-2": ``computer_level`` set) get their seat
number from that name and a username and email no one can sign up with ("computer~easy~2", a domain with an
underscore). A person who registered such a name keeps it and stays a person (no ``computer_level``). Display
names get their key (accounts/names.py), to keep them from passing for another player's name.
"""
import re

import accounts.names
from django.db import migrations, models

OLD_NAME = re.compile(r"computer-(easy|medium|hard)(?:-([1-9][0-9]*))?")


def number_computers(apps, schema_editor):
    User = apps.get_model("accounts", "User")
    taken = set()
    for user in User.objects.exclude(computer_level="").filter(computer_seat__isnull=True).order_by("pk"):
        match = OLD_NAME.fullmatch(user.username)
        if match is None or match.group(1) != user.computer_level:
            continue  # not one the old code made: a computer still, but never seated again
        seat = int(match.group(2) or 1)
        if (user.computer_level, seat) in taken:
            continue
        taken.add((user.computer_level, seat))
        username = f"computer~{user.computer_level}" + (f"~{seat}" if seat > 1 else "")
        User.objects.filter(pk=user.pk).update(
            computer_seat=seat, username=username, name_key=accounts.names.name_key(username),
            email=f"{user.computer_level}-{seat}@computer_players.invalid")


def fill_display_keys(apps, schema_editor):
    User = apps.get_model("accounts", "User")
    for pk, display_name in User.objects.exclude(display_name="").values_list("pk", "display_name").iterator():
        User.objects.filter(pk=pk).update(display_key=accounts.names.name_key(display_name))


class Migration(migrations.Migration):

    dependencies = [
        ("accounts", "0006_computer_players_and_bot_accounts"),
    ]

    operations = [
        migrations.AddField(
            model_name="user",
            name="computer_seat",
            field=models.PositiveSmallIntegerField(
                blank=True, editable=False, null=True,
                help_text="which of the computers of its level it is: the Nth computer of a level at one table"),
        ),
        migrations.AddField(
            model_name="user",
            name="display_key",
            field=models.CharField(blank=True, db_index=True, editable=False, max_length=600),
        ),
        migrations.AddConstraint(
            model_name="user",
            constraint=models.UniqueConstraint(condition=models.Q(("computer_seat__isnull", False)),
                                               fields=("computer_level", "computer_seat"),
                                               name="one_computer_per_level_and_seat"),
        ),
        # the data last: no table change follows it in this transaction (PostgreSQL's pending trigger events)
        migrations.RunPython(number_computers, migrations.RunPython.noop),
        migrations.RunPython(fill_display_keys, migrations.RunPython.noop),
    ]
