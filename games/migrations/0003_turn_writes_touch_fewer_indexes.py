"""A turn's writes touch fewer indexes (bench/load.py, docs/performance.md).

- ``Game.deadline`` and ``Game.last_move_at`` lose their indexes: a turn changes both, and an indexed
  column changed makes PostgreSQL write a new entry in every index of the row. Without them a turn's update
  is a HOT update. The games table keeps a third of each page free for those new row versions.
- ``Move.game`` and ``Notice.game`` lose indexes their unique constraints' indexes already cover.
"""

import django.db.models.deletion
from django.db import migrations, models


def games_pages_room(apps, schema_editor) -> None:
    if schema_editor.connection.vendor == "postgresql":
        table = schema_editor.quote_name(apps.get_model("games", "Game")._meta.db_table)
        schema_editor.execute(f"ALTER TABLE {table} SET (fillfactor = 70)")


def games_pages_full(apps, schema_editor) -> None:
    if schema_editor.connection.vendor == "postgresql":
        table = schema_editor.quote_name(apps.get_model("games", "Game")._meta.db_table)
        schema_editor.execute(f"ALTER TABLE {table} RESET (fillfactor)")


class Migration(migrations.Migration):

    dependencies = [
        ('games', '0002_async_play'),
    ]

    operations = [
        migrations.AlterField(
            model_name='game',
            name='deadline',
            field=models.DateTimeField(blank=True, null=True),
        ),
        migrations.AlterField(
            model_name='game',
            name='last_move_at',
            field=models.DateTimeField(blank=True, null=True),
        ),
        migrations.AlterField(
            model_name='move',
            name='game',
            field=models.ForeignKey(db_index=False, on_delete=django.db.models.deletion.CASCADE, related_name='moves', to='games.game'),
        ),
        migrations.AlterField(
            model_name='notice',
            name='game',
            field=models.ForeignKey(db_index=False, on_delete=django.db.models.deletion.CASCADE, related_name='notices', to='games.game'),
        ),
        migrations.RunPython(games_pages_room, games_pages_full),
    ]
