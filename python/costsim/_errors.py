"""costsim's exceptions (raised by the C++ module, which imports this file by name)."""


class Error(Exception):
    """Every error costsim raises."""


class InputError(Error, ValueError):
    """Input that costsim refuses: a file (or "arguments", or "command line" for the quick
    plan's keywords), the JSON pointer or argument inside it, and what was expected."""

    def __init__(self, message, file="", pointer=""):
        super().__init__(message)
        self.message = message
        self.file = file
        self.pointer = pointer


class ModelError(Error):
    """A valid input that cannot be run as asked (a policy without the deadline it needs,
    an exchange rate the catalog lacks)."""

    def __init__(self, message):
        super().__init__(message)
        self.message = message
