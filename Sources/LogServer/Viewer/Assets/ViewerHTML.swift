let viewerHTML = #"""
<!doctype html><title>logview</title>
"""#
