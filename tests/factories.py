"""factory_boy factories shared by the test packages."""
from __future__ import annotations

from typing import Any

import factory

from accounts.models import User

PASSWORD = "correct horse battery staple"


class UserFactory(factory.django.DjangoModelFactory):
    """An active account whose password is PASSWORD unless `password=` is given."""

    class Meta:
        model = User
        skip_postgeneration_save = True

    username = factory.Sequence(lambda n: f"player{n}")
    email = factory.LazyAttribute(lambda user: f"{user.username}@example.com")

    @factory.post_generation
    def password(user: User, create: bool, extracted: str | None, **kwargs: Any) -> None:
        user.set_password(extracted or PASSWORD)
        if create:
            user.save(update_fields=["password"])
