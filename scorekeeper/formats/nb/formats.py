# søndag 22. november 2026; 22. november 2026.
DATE_FORMAT = "j. F Y"
MONTH_DAY_FORMAT = "j. F"
TIME_FORMAT = "H:i"
WEEKDAY_DATE_FORMAT = "l j. F Y"
LOWERCASE_NAMES = True
# A percentage: the number, a no-break space, the sign ("43 %").
PERCENT_FORMAT = "{}\u00a0%"
