"""The live table: seats and what a seat may do (seats, seat_access), confirmations and
rulings, the join code and handover link (handover), and the rematch."""
