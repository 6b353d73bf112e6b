# Chủ nhật, ngày 22 tháng 11 năm 2026; 22 tháng 11 năm 2026.
DATE_FORMAT = r"j \t\há\n\g n \nă\m Y"
MONTH_DAY_FORMAT = r"j \t\há\n\g n"
TIME_FORMAT = "H:i"
WEEKDAY_DATE_FORMAT = r"l, \n\g\à\y j \t\há\n\g n \nă\m Y"
