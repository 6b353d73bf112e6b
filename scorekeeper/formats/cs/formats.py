# neděle 22. listopadu 2026; 22. listopadu 2026 (the month in the genitive, Django's "E").
DATE_FORMAT = "j. E Y"
MONTH_DAY_FORMAT = "j. E"
TIME_FORMAT = "G:i"
WEEKDAY_DATE_FORMAT = "l j. E Y"
LOWERCASE_NAMES = True
# A percentage: the number, a no-break space, the sign ("43 %").
PERCENT_FORMAT = "{}\u00a0%"
