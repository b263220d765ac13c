// Stand-in for Apple's `OSLog` module, which re-exports `os`.
@_exported import os
