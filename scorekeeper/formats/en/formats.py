# English as this app writes it: 22 Nov 2026, Sunday 22 November 2026, 14:05.
DATE_FORMAT = "j M Y"
MONTH_DAY_FORMAT = "j M"
TIME_FORMAT = "H:i"
WEEKDAY_DATE_FORMAT = "l j F Y"
