"""The site around the games: the offline app (pwa), site-wide template tags (dates, numbers,
languages, engine messages)."""
