"""Dates as each country writes them (settings.FORMAT_MODULE_PATH).

Django's own locale formats are kept where they fit; a module here sets what differs for this
app's pages: the day a game was played (``DATE_FORMAT``), a day and month (``MONTH_DAY_FORMAT``),
a clock time (``TIME_FORMAT``), and, a name Django does not have, a game night's heading with the
weekday (``WEEKDAY_DATE_FORMAT``). ``LOWERCASE_NAMES`` says that the language writes weekday and
month names in lower case inside a sentence, which Django's catalogues capitalise for some
(Italian "Novembre", Romanian "Noiembrie"). ``scorekeeper.games.site.templatetags.dates`` reads them.
"""
