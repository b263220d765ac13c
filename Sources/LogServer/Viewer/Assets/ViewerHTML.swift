// swift-format-ignore-file
// (a web asset in a string literal: its lines are the page's, not Swift's)
/// The viewer's page: a filter bar, the table of logs, the detail of the selected log beside
/// its definition, and the side panel (counts per tag, the time histogram, coverage).
let viewerHTML = #"""
<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>logview</title>
<link rel="stylesheet" href="/viewer.css">
<script src="/viewer.js" defer></script>
</head>
<body>
<header>
  <form id="filters" autocomplete="off">
    <strong class="brand">logview</strong>
    <label>tag <input id="tag" name="tag" placeholder="recipe_search.* home.**" size="22" title="Tag patterns, space-separated (* one segment, ** any)"></label>
    <label>where <input id="where" name="where" placeholder="page>=2 &amp;&amp; keyword~^eg" size="26" title="Conditions joined by &&: field=value, !=, <, <=, >, >=, ~regex, !~regex, field?"></label>
    <label>since <input id="since" name="since" placeholder="10m, 2026-11-30T10:00" size="14"></label>
    <label>until <input id="until" name="until" placeholder="now" size="14"></label>
    <label>last <input id="limit" name="limit" type="number" min="1" max="100000" value="500" size="6" title="How many of the newest matching logs to load"></label>
    <button type="submit" id="apply">Apply</button>
    <button type="button" id="pause" title="p">Pause</button>
    <a id="export-jsonl" download="logs.jsonl">JSONL</a>
    <a id="export-csv" download="logs.csv">CSV</a>
    <button type="button" id="theme" title="Switch light and dark">◐</button>
  </form>
  <div id="status" role="status" aria-live="polite"></div>
</header>
<main>
  <section id="list" aria-label="Logs">
    <div id="error" hidden></div>
    <table id="logs">
      <thead><tr><th class="seq">seq</th><th class="time">time</th><th class="tag">tag</th><th class="payload">payload</th></tr></thead>
      <tbody id="rows"></tbody>
    </table>
    <button type="button" id="new-logs" hidden></button>
  </section>
  <section id="detail" aria-label="Selected log" hidden>
    <button type="button" id="close-detail" title="Escape">×</button>
    <div id="detail-body"></div>
  </section>
  <aside id="side" aria-label="Summary">
    <h2>Histogram</h2>
    <div id="histogram"></div>
    <h2>Per tag</h2>
    <ol id="counts"></ol>
    <h2>Coverage</h2>
    <div id="coverage"><p class="muted">Start logview serve with --definitions to see the events not seen yet.</p></div>
    <h2>Keys</h2>
    <p class="muted keys"><kbd>j</kbd>/<kbd>k</kbd> or <kbd>↓</kbd>/<kbd>↑</kbd> move, <kbd>g</kbd>/<kbd>G</kbd> first/last, <kbd>Esc</kbd> close, <kbd>/</kbd> filter, <kbd>p</kbd> pause</p>
  </aside>
</main>
</body>
</html>
"""#
