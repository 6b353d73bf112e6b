# 2026년 11월 22일 일요일; 2026년 11월 22일; 오후 2:05.
DATE_FORMAT = "Y년 n월 j일"
MONTH_DAY_FORMAT = "n월 j일"
TIME_FORMAT = "A g:i"
WEEKDAY_DATE_FORMAT = "Y년 n월 j일 l"
