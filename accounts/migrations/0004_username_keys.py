"""Usernames compare by their case-folded confusable skeleton (accounts/names.py): a unique ``name_key``.

Accounts made before this may already share a key ("U01" and "u01"): the later ones keep their names, with a
key of their own (the key and their id), so that they can still log in; nobody can take such a name again.
"""
import accounts.names
from django.db import migrations, models


def fill_keys(apps, schema_editor):
    User = apps.get_model("accounts", "User")
    taken = set()
    for user in User.objects.order_by("pk").iterator():
        key = accounts.names.name_key(user.username)
        if key in taken:
            key = f"{key}#{user.pk}"
        taken.add(key)
        User.objects.filter(pk=user.pk).update(name_key=key)


class Migration(migrations.Migration):

    dependencies = [
        ("accounts", "0003_reminders_and_vacations"),
    ]

    operations = [
        migrations.AddField(
            model_name="user",
            name="name_key",
            field=models.CharField(editable=False, max_length=600, null=True),
        ),
        migrations.RunPython(fill_keys, migrations.RunPython.noop),
        migrations.AlterField(
            model_name="user",
            name="name_key",
            field=models.CharField(editable=False, max_length=600, unique=True),
        ),
        migrations.AlterField(
            model_name="user",
            name="display_name",
            field=models.CharField(blank=True, max_length=50, validators=[accounts.names.validate_display_name]),
        ),
    ]
