"""The reports' rules, pure: the sales report (``sales``), the X and Z's figures
(``closing``) and closing the day (``day_close``: the Z)."""
