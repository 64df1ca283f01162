"""What every feature shares: the unit of work, the metadata, money, time, ids, errors, HTTP."""
