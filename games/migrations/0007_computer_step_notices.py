"""A computer's step gets a due row (Notice kind ``computer``) like every other deadline (issue 24).

Games already waiting for a computer get theirs now, due at once: the first sweep queues the step that may
have been lost before this change.
"""
from django.db import migrations, models
from django.utils import timezone


def notices_for_waiting_computers(apps, schema_editor):
    Game = apps.get_model("games", "Game")
    Seat = apps.get_model("games", "Seat")
    Notice = apps.get_model("games", "Notice")
    now = timezone.now()
    for game in Game.objects.filter(status="active", current_seat__isnull=False).iterator():
        seat = Seat.objects.filter(game=game, number=game.current_seat, status="playing").select_related("user").first()
        if seat is not None and seat.user.computer_level:
            Notice.objects.get_or_create(game=game, seat=seat.number, kind="computer", version=game.version,
                                         defaults={"user_id": seat.user_id, "due_at": now})


class Migration(migrations.Migration):

    dependencies = [
        ('games', '0006_game_rated'),
    ]

    operations = [
        migrations.AlterField(
            model_name='notice',
            name='kind',
            field=models.CharField(choices=[('turn_email', 'turn email'), ('reminder', 'reminder'), ('timeout', 'timeout'), ('computer', "computer's step")], max_length=12),
        ),
        migrations.RunPython(notices_for_waiting_computers, migrations.RunPython.noop),
    ]
