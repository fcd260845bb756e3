"""Pending emails get a due time: the email sweep queues their delivery again when it was lost (issue 24).

The emails already pending are due at once: their delivery may have been lost before this change.
"""
from django.conf import settings
from django.db import migrations, models
from django.utils import timezone


def pending_due_now(apps, schema_editor):
    apps.get_model("games", "SentEmail").objects.filter(status="pending").update(due_at=timezone.now())


class Migration(migrations.Migration):

    dependencies = [
        ('games', '0007_computer_step_notices'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AddField(
            model_name='sentemail',
            name='due_at',
            field=models.DateTimeField(blank=True, help_text='while pending: when the sweep retries it', null=True),
        ),
        migrations.AddIndex(
            model_name='sentemail',
            index=models.Index(condition=models.Q(('status', 'pending')), fields=['due_at'], name='sent_email_pending_due'),
        ),
        migrations.RunPython(pending_due_now, migrations.RunPython.noop),
    ]
