let viewerCSS = #"""
body{}
"""#
