let viewerJavaScript = #"""
"use strict";
"""#
