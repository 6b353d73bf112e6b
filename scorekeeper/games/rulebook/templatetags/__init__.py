"""The rules pages' template tags, registered by name in settings.TEMPLATES (OPTIONS
"libraries"): ``{% load reference_tags %}``."""
