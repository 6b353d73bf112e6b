"""Site-wide template tag libraries, registered by name in settings.TEMPLATES (OPTIONS
"libraries"): ``{% load dates %}``, ``numbers``, ``languages``, ``engine``."""
