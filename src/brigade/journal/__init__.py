"""The journal (docs/design.md §18): every sale, refund, void, reopen and Z of a location, in
a hash chain nobody can quietly rewrite."""
