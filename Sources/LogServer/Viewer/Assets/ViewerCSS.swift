// swift-format-ignore-file
// (a web asset in a string literal: its lines are the page's, not Swift's)
/// The viewer's style: system fonts, readable on a laptop screen, light or dark (the system's
/// choice unless the page's button overrides it).
let viewerCSS = #"""
:root { --bg: #fdfdfc; --fg: #1d1f21; --muted: #6a6f75; --line: #e2e4e7; --accent: #0b63ce; --row: #f3f5f8;
  --selected: #dbe9ff; --bad: #b3261e; --bad-bg: #fdecea; --bar: #8fb4e8; --mono: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
:root[data-theme="dark"] { --bg: #16181b; --fg: #e4e6e9; --muted: #9aa1a9; --line: #2c3036; --accent: #6ab0ff; --row: #1d2024;
  --selected: #23395a; --bad: #ff8a80; --bad-bg: #3a1f1f; --bar: #3f6ea8; }
@media (prefers-color-scheme: dark) { :root:not([data-theme="light"]) { --bg: #16181b; --fg: #e4e6e9; --muted: #9aa1a9; --line: #2c3036;
  --accent: #6ab0ff; --row: #1d2024; --selected: #23395a; --bad: #ff8a80; --bad-bg: #3a1f1f; --bar: #3f6ea8; } }
* { box-sizing: border-box; }
html, body { margin: 0; height: 100%; background: var(--bg); color: var(--fg); font: 13px/1.4 -apple-system, system-ui, "Segoe UI", sans-serif; }
body { display: flex; flex-direction: column; }
header { border-bottom: 1px solid var(--line); padding: 6px 10px; }
form { display: flex; flex-wrap: wrap; gap: 6px 10px; align-items: center; }
.brand { margin-right: 6px; }
label { color: var(--muted); }
input, button { font: inherit; color: var(--fg); background: var(--bg); border: 1px solid var(--line); border-radius: 4px; padding: 3px 6px; }
input { font-family: var(--mono); }
button { cursor: pointer; }
button:focus-visible, input:focus-visible, a:focus-visible, tr:focus-visible { outline: 2px solid var(--accent); outline-offset: -2px; }
a { color: var(--accent); }
#status { color: var(--muted); margin-top: 4px; min-height: 1.4em; }
main { flex: 1; display: flex; min-height: 0; }
#list { flex: 3; overflow: auto; position: relative; min-width: 0; }
#detail { flex: 2; overflow: auto; border-left: 1px solid var(--line); padding: 8px 12px; position: relative; min-width: 0; }
#side { width: 260px; overflow: auto; border-left: 1px solid var(--line); padding: 8px 10px; }
table { border-collapse: collapse; width: 100%; }
th { position: sticky; top: 0; background: var(--bg); text-align: left; color: var(--muted); font-weight: 600; border-bottom: 1px solid var(--line); padding: 4px 6px; }
td { padding: 3px 6px; border-bottom: 1px solid var(--line); font-family: var(--mono); white-space: nowrap; overflow: hidden; text-overflow: ellipsis; max-width: 0; }
td.seq { width: 6em; color: var(--muted); } td.time { width: 15em; } td.tag { width: 16em; }
th.seq { width: 6em; } th.time { width: 15em; } th.tag { width: 16em; }
tbody tr:nth-child(even) { background: var(--row); }
tbody tr { cursor: pointer; }
tbody tr.selected { background: var(--selected); }
tbody tr.violation td.tag::before { content: "⚠ "; color: var(--bad); }
tbody tr.violation { box-shadow: inset 3px 0 0 var(--bad); }
#new-logs { position: sticky; bottom: 8px; left: 50%; transform: translateX(-50%); background: var(--accent); color: var(--bg); border: 0; padding: 4px 12px; border-radius: 12px; }
#error { background: var(--bad-bg); color: var(--bad); padding: 6px 10px; font-family: var(--mono); }
#close-detail { position: absolute; right: 8px; top: 6px; }
h2 { font-size: 12px; text-transform: uppercase; letter-spacing: .04em; color: var(--muted); margin: 14px 0 6px; }
h3 { margin: 4px 0; font-size: 14px; }
pre { font-family: var(--mono); background: var(--row); padding: 8px; border-radius: 4px; overflow: auto; white-space: pre-wrap; word-break: break-all; }
.muted { color: var(--muted); }
.location { font-family: var(--mono); color: var(--accent); }
.finding { background: var(--bad-bg); color: var(--bad); padding: 4px 8px; border-radius: 4px; margin: 4px 0; font-family: var(--mono); }
.fields { width: 100%; } .fields td { white-space: normal; max-width: none; vertical-align: top; }
#counts { list-style: none; padding: 0; margin: 0; font-family: var(--mono); }
#counts li { display: flex; justify-content: space-between; gap: 6px; padding: 1px 0; cursor: pointer; }
#counts li span:first-child { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
#histogram { display: flex; align-items: flex-end; height: 60px; gap: 1px; border-bottom: 1px solid var(--line); }
#histogram div { flex: 1; background: var(--bar); min-height: 1px; }
#coverage ul { padding-left: 16px; margin: 4px 0; font-family: var(--mono); }
kbd { font-family: var(--mono); border: 1px solid var(--line); border-radius: 3px; padding: 0 3px; }
@media (max-width: 1100px) { #side { display: none; } }
"""#
