import pytest
from django.core.management import call_command


@pytest.mark.django_db
def test_no_missing_migrations():
    # A model change without its migration would break the next deploy's migrate.
    call_command("makemigrations", "--check", "--dry-run", verbosity=0)
