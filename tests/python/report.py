"""The PASS/FAIL report the Python test scripts print: one line per check, then a count."""

import sys


class Report:
    def __init__(self, verbose=True):
        self.passed = self.failed = 0
        self.verbose = verbose  # print the detail of passing checks too

    def check(self, ok, what, detail=""):
        if ok:
            self.passed += 1
            print(f"PASS {what}" + (f" ({detail})" if detail and self.verbose else ""))
        else:
            self.failed += 1
            print(f"FAIL {what}" + (f": {detail}" if detail else ""))
        sys.stdout.flush()
        return ok

    def finish(self):
        """Prints the count; returns the exit status (1 when anything failed)."""
        print(f"{self.passed} passed, {self.failed} failed")
        return 1 if self.failed else 0
