from django.contrib.auth.models import AbstractUser
from django.db import models


class User(AbstractUser):
    """A site account; players sign in with their username and are reached by email."""

    email = models.EmailField("email address", unique=True)
    display_name = models.CharField(max_length=50, blank=True)

    def __str__(self) -> str:
        return self.display_name or self.username
