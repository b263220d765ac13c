// swift-format-ignore-file
// (a web asset in a string literal: its lines are the page's, not Swift's)
/// The viewer's script: plain JavaScript, no framework, no build step. Every value from a log
/// reaches the page as text (`textContent`), never as markup.
let viewerJavaScript = #"""
"use strict";
const $ = (id) => document.getElementById(id);
const maximumRows = 5000;
const state = {
  logs: [], findings: new Map(), selected: -1, paused: false, pending: [], unseen: 0,
  events: new Map(), commonFields: [], hasDefinitions: false, source: null, lastSeq: 0, generation: 0, summaryTimer: null,
};

// ---- Filters, kept in the page's URL ----

function filtersFromURL() {
  const search = new URLSearchParams(location.search);
  return {
    tag: search.getAll("tag"), where: search.getAll("where"),
    since: search.get("since") || "", until: search.get("until") || "", limit: search.get("limit") || "500",
  };
}

function filtersFromForm() {
  return {
    tag: $("tag").value.split(/\s+/).filter(Boolean),
    where: $("where").value.split("&&").map((s) => s.trim()).filter(Boolean),
    since: $("since").value.trim(), until: $("until").value.trim(), limit: $("limit").value.trim() || "500",
  };
}

function fillForm(filters) {
  $("tag").value = filters.tag.join(" ");
  $("where").value = filters.where.join(" && ");
  $("since").value = filters.since;
  $("until").value = filters.until;
  $("limit").value = filters.limit;
}

/// The API's query for the filters; `extra` adds parameters (`limit`, `format`, more `where`).
function apiQuery(filters, extra = {}) {
  const query = new URLSearchParams();
  for (const tag of filters.tag) query.append("tag", tag);
  for (const where of filters.where.concat(extra.where || [])) query.append("where", where);
  if (filters.since) query.set("since", filters.since);
  if (filters.until) query.set("until", filters.until);
  for (const [name, value] of Object.entries(extra)) if (name !== "where" && value !== undefined) query.set(name, value);
  return query.toString();
}

// ---- Loading ----

async function fetchText(url) {
  const response = await fetch(url, { credentials: "same-origin" });
  const text = await response.text();
  if (!response.ok) throw new Error(text.trim() || response.status + " " + response.statusText);
  return text;
}

function parseLines(text) {
  return text.split("\n").filter((line) => line.length > 0).map((line) => JSON.parse(line));
}

async function loadDefinitions() {
  try {
    const response = await fetch("/api/definitions", { credentials: "same-origin" });
    if (!response.ok) return;
    const schema = await response.json();
    state.hasDefinitions = true;
    for (const category of schema.categories) {
      for (const event of category.events) state.events.set(event.tag, { category, event });
    }
    state.commonFields = schema.common || [];
  } catch (error) { /* no definitions: the viewer still lists logs */ }
}

async function reload() {
  const generation = ++state.generation;
  const filters = filtersFromURL();
  if (state.source) { state.source.close(); state.source = null; }
  state.logs = []; state.findings = new Map(); state.selected = -1; state.pending = []; state.unseen = 0;
  $("rows").textContent = "";
  $("detail").hidden = true;
  showError("");
  updateExports(filters);
  setStatus("loading…");
  let logs;
  try {
    logs = parseLines(await fetchText("/api/logs?" + apiQuery(filters, { limit: filters.limit })));
  } catch (error) {
    if (generation === state.generation) { showError(error.message); setStatus(""); }
    return;
  }
  if (generation !== state.generation) return;
  appendLogs(logs, true);
  state.lastSeq = logs.reduce((last, log) => Math.max(last, log.seq), 0);
  scrollToBottom();
  openStream(filters, generation);
  loadFindings(filters, logs.length ? logs[0].seq - 1 : 0, generation);
  refreshSummary();
}

function openStream(filters, generation) {
  const query = apiQuery(filters, { after: state.lastSeq ? String(state.lastSeq) : undefined });
  const source = new EventSource("/api/stream?" + query);
  state.source = source;
  source.onmessage = (message) => {
    if (generation !== state.generation) return;
    const log = JSON.parse(message.data);
    state.lastSeq = Math.max(state.lastSeq, log.seq);
    if (state.paused) { state.pending.push(log); updateStatus(); return; }
    receive([log]);
  };
  source.onopen = () => updateStatus();
  source.onerror = () => setStatus("reconnecting to the live stream…");
}

function receive(logs) {
  const atBottom = isAtBottom();
  appendLogs(logs, false);
  if (atBottom) scrollToBottom(); else { state.unseen += logs.length; showNewButton(); }
  loadFindings(filtersFromURL(), logs[0].seq - 1, state.generation);
  scheduleSummary();
  updateStatus();
}

/// Asks the server (the code of `logview check`) which of the logs after `after` break
/// their definitions, and marks them.
async function loadFindings(filters, after, generation) {
  await state.definitionsLoaded;
  if (!state.hasDefinitions) return;
  try {
    const lines = parseLines(await fetchText("/api/findings?" + apiQuery(filters, { after: String(after) })));
    if (generation !== state.generation) return;
    for (const line of lines) {
      state.findings.set(line.seq, line.findings);
      const row = document.querySelector('tr[data-seq="' + line.seq + '"]');
      if (row) row.classList.add("violation");
    }
    const selected = state.logs[state.selected];
    if (selected && state.findings.has(selected.seq)) showDetail(selected);
  } catch (error) { /* the table stays usable without the marks */ }
}

// ---- The table ----

function payloadSummary(payload) {
  if (payload === null || typeof payload !== "object") return String(payload);
  return Object.entries(payload).map(([key, value]) => key + "=" + (typeof value === "string" ? value : JSON.stringify(value))).join("  ");
}

function makeRow(log) {
  const row = document.createElement("tr");
  row.dataset.seq = String(log.seq);
  row.tabIndex = -1;
  const time = log.time.replace("T", " ").replace("Z", "");
  for (const [name, text] of [["seq", String(log.seq)], ["time", time], ["tag", log.tag], ["payload", payloadSummary(log.payload)]]) {
    const cell = document.createElement("td");
    cell.className = name;
    cell.textContent = text;
    if (name === "payload") cell.title = text;
    row.appendChild(cell);
  }
  if ((log.violations && log.violations.length) || state.findings.has(log.seq)) row.classList.add("violation");
  return row;
}

function appendLogs(logs, initial) {
  const fragment = document.createDocumentFragment();
  for (const log of logs) { state.logs.push(log); fragment.appendChild(makeRow(log)); }
  $("rows").appendChild(fragment);
  const excess = state.logs.length - maximumRows;
  if (excess > 0) {
    state.logs.splice(0, excess);
    for (let index = 0; index < excess; index++) $("rows").firstChild.remove();
    state.selected = Math.max(-1, state.selected - excess);
  }
  if (initial) updateStatus();
}

function select(index) {
  if (state.logs.length === 0) return;
  index = Math.max(0, Math.min(state.logs.length - 1, index));
  const rows = $("rows").children;
  if (state.selected >= 0 && rows[state.selected]) rows[state.selected].classList.remove("selected");
  state.selected = index;
  const row = rows[index];
  row.classList.add("selected");
  row.focus({ preventScroll: true });
  row.scrollIntoView({ block: "nearest" });
  showDetailWhenReady(state.logs[index]);
}

// The selected log as JSON, or null: the in-app screen's share action asks for it
// (BehaviorLogViewer's LogViewerView, through WKWebView's evaluateJavaScript).
function selectedLogJSON() {
  const log = state.logs[state.selected];
  return log ? JSON.stringify(log) : null;
}

function isAtBottom() {
  const list = $("list");
  return list.scrollTop + list.clientHeight >= list.scrollHeight - 8;
}

function scrollToBottom() {
  const list = $("list");
  list.scrollTop = list.scrollHeight;
  state.unseen = 0;
  $("new-logs").hidden = true;
}

function showNewButton() {
  const button = $("new-logs");
  button.textContent = state.unseen + " new ↓";
  button.hidden = false;
}

// ---- The detail: the envelope beside its definition ----

function element(tag, text, className) {
  const node = document.createElement(tag);
  if (text !== undefined) node.textContent = text;
  if (className) node.className = className;
  return node;
}

function constraints(field) {
  const parts = [];
  let type = field.type === "array" ? field.element + "[" + (field.maxCount ?? "") + "]" : field.type;
  if (field.optional) type += "?";
  parts.push(type);
  if (field.maxLength !== undefined) parts.push("≤ " + field.maxLength + " bytes");
  if (field.range) parts.push(field.range.min + ".." + field.range.max);
  if (field.pattern) parts.push("/" + field.pattern + "/");
  if (field.pii) parts.push("[pii]");
  if (field.status && field.status !== "active") parts.push("[" + field.status + "]");
  return parts.join(" ");
}

async function showDetailWhenReady(log) {
  await state.definitionsLoaded;
  showDetail(log);
}

function showDetail(log) {
  const body = $("detail-body");
  body.textContent = "";
  $("detail").hidden = false;
  body.appendChild(element("h3", log.tag + "  #" + log.seq));
  body.appendChild(element("div", log.time + "  " + log.uuid, "muted"));

  const findings = state.findings.get(log.seq) || [];
  const recorded = log.violations || [];
  if (findings.length || (!state.hasDefinitions && recorded.length)) {
    body.appendChild(element("h2", "Breaks its definition"));
    for (const finding of findings) {
      const line = element("div", "", "finding violation-detail");
      line.appendChild(element("span", finding.kind + ": " + finding.message));
      if (finding.location) { line.appendChild(document.createTextNode("  ")); line.appendChild(element("span", finding.location, "location")); }
      body.appendChild(line);
    }
    if (!state.hasDefinitions) {
      for (const violation of recorded) {
        body.appendChild(element("div", "recorded violation: " + violation.field + " " + violation.kind + ": " + violation.detail, "finding violation-detail"));
      }
    }
  }

  body.appendChild(element("h2", "Definition"));
  const definition = state.events.get(log.tag);
  if (definition) {
    const { category, event } = definition;
    const where = element("div", category.file + ":" + event.line, "location definition-location");
    body.appendChild(where);
    for (const text of event.descriptions) body.appendChild(element("p", text));
    if (event.status !== "active") body.appendChild(element("p", "[" + event.status + "]", "finding"));
    const table = element("table", undefined, "fields");
    const head = element("tr");
    for (const name of ["field", "type", "description", "line"]) head.appendChild(element("th", name));
    table.appendChild(head);
    for (const field of event.fields) {
      const row = element("tr");
      row.appendChild(element("td", field.name));
      row.appendChild(element("td", constraints(field)));
      row.appendChild(element("td", field.descriptions.join(" ")));
      row.appendChild(element("td", category.file + ":" + field.line, "location"));
      table.appendChild(row);
    }
    body.appendChild(table);
  } else if (state.hasDefinitions) {
    body.appendChild(element("p", "No event is defined with this tag.", "finding"));
  } else {
    body.appendChild(element("p", "Start logview serve with --definitions DIR to see the definition.", "muted"));
  }

  body.appendChild(element("h2", "Envelope"));
  body.appendChild(element("pre", JSON.stringify(log, null, 2)));
}

// ---- The side panel: counts, histogram, coverage ----

function scheduleSummary() {
  if (state.summaryTimer) return;
  state.summaryTimer = setTimeout(() => { state.summaryTimer = null; refreshSummary(); }, 1000);
}

async function refreshSummary() {
  const filters = filtersFromURL();
  try {
    const stats = JSON.parse(await fetchText("/api/stats?" + apiQuery(filters)));
    const counts = $("counts");
    counts.textContent = "";
    for (const row of stats.tags) {
      const item = element("li");
      item.appendChild(element("span", row.name));
      item.appendChild(element("span", String(row.count)));
      item.title = "Show only " + row.name;
      item.addEventListener("click", () => applyFilters({ ...filtersFromURL(), tag: [row.name] }));
      counts.appendChild(item);
    }
    let by = "day";
    if (stats.first && stats.last) {
      const span = Date.parse(stats.last) - Date.parse(stats.first);
      by = span <= 3 * 3600e3 ? "minute" : span <= 7 * 86400e3 ? "hour" : "day";
    }
    const buckets = JSON.parse(await fetchText("/api/stats?" + apiQuery(filters, { by })))[by + "s"] || [];
    const shown = buckets.slice(-120);
    const largest = shown.reduce((most, bucket) => Math.max(most, bucket.count), 1);
    const histogram = $("histogram");
    histogram.textContent = "";
    for (const bucket of shown) {
      const bar = element("div");
      bar.style.height = Math.max(2, Math.round(100 * bucket.count / largest)) + "%";
      bar.title = bucket.name + ": " + bucket.count;
      histogram.appendChild(bar);
    }
    $("counts").setAttribute("aria-label", stats.total + " logs");
  } catch (error) { /* the summary is optional */ }
  await state.definitionsLoaded;
  if (!state.hasDefinitions) return;
  try {
    const coverage = JSON.parse(await fetchText("/api/coverage"));
    const box = $("coverage");
    box.textContent = "";
    box.appendChild(element("div", coverage.seen + " of " + coverage.total + " events seen"));
    if (coverage.neverSeen.length) {
      box.appendChild(element("div", "Not seen yet:", "muted"));
      const list = element("ul", undefined, "never-seen");
      for (const event of coverage.neverSeen) {
        const item = element("li", event.tag);
        item.title = event.location;
        list.appendChild(item);
      }
      box.appendChild(list);
    }
    if (coverage.undefined.length) {
      box.appendChild(element("div", "Not defined:", "muted"));
      const list = element("ul");
      for (const tag of coverage.undefined) list.appendChild(element("li", tag.tag + " (" + tag.count + ")"));
      box.appendChild(list);
    }
  } catch (error) { /* as above */ }
}

// ---- Status, errors, export, theme ----

function setStatus(text) { $("status").textContent = text; }

function updateStatus() {
  const live = state.paused ? "paused" + (state.pending.length ? " (" + state.pending.length + " new waiting)" : "") : "live";
  setStatus(state.logs.length + " logs shown · " + live);
}

function showError(text) {
  const box = $("error");
  box.textContent = text;
  box.hidden = !text;
}

function updateExports(filters) {
  $("export-jsonl").href = "/api/logs?" + apiQuery(filters);
  $("export-csv").href = "/api/logs?" + apiQuery(filters, { format: "csv" });
}

function togglePause() {
  state.paused = !state.paused;
  $("pause").textContent = state.paused ? "Resume" : "Pause";
  if (!state.paused && state.pending.length) { const pending = state.pending; state.pending = []; receive(pending); }
  updateStatus();
}

function applyTheme(theme) {
  if (theme) document.documentElement.dataset.theme = theme; else delete document.documentElement.dataset.theme;
}

function toggleTheme() {
  const dark = document.documentElement.dataset.theme === "dark"
    || (!document.documentElement.dataset.theme && matchMedia("(prefers-color-scheme: dark)").matches);
  const theme = dark ? "light" : "dark";
  localStorage.setItem("logview-theme", theme);
  applyTheme(theme);
}

function applyFilters(filters) {
  const query = new URLSearchParams();
  for (const tag of filters.tag) query.append("tag", tag);
  for (const where of filters.where) query.append("where", where);
  if (filters.since) query.set("since", filters.since);
  if (filters.until) query.set("until", filters.until);
  if (filters.limit && filters.limit !== "500") query.set("limit", filters.limit);
  const text = query.toString();
  history.pushState(null, "", text ? "?" + text : location.pathname);
  fillForm(filters);
  reload();
}

// ---- Keyboard ----

function onKey(event) {
  const inField = event.target instanceof HTMLInputElement;
  if (inField) { if (event.key === "Escape") event.target.blur(); return; }
  if (event.metaKey || event.ctrlKey || event.altKey) return;
  switch (event.key) {
    case "j": case "ArrowDown": select(state.selected < 0 ? state.logs.length - 1 : state.selected + 1); break;
    case "k": case "ArrowUp": select(state.selected < 0 ? state.logs.length - 1 : state.selected - 1); break;
    case "g": case "Home": select(0); break;
    case "G": case "End": select(state.logs.length - 1); break;
    case "Escape": $("detail").hidden = true; break;
    case "/": $("tag").focus(); break;
    case "p": togglePause(); break;
    default: return;
  }
  event.preventDefault();
}

// ---- Start ----

async function start() {
  applyTheme(localStorage.getItem("logview-theme"));
  const search = new URLSearchParams(location.search);
  if (search.has("token")) {
    // The server set a cookie with it; keep it out of the address bar and history.
    search.delete("token");
    const text = search.toString();
    history.replaceState(null, "", text ? "?" + text : location.pathname);
  }
  fillForm(filtersFromURL());
  $("filters").addEventListener("submit", (event) => { event.preventDefault(); applyFilters(filtersFromForm()); });
  $("pause").addEventListener("click", togglePause);
  $("theme").addEventListener("click", toggleTheme);
  $("close-detail").addEventListener("click", () => { $("detail").hidden = true; });
  $("new-logs").addEventListener("click", scrollToBottom);
  $("list").addEventListener("scroll", () => { if (isAtBottom()) { state.unseen = 0; $("new-logs").hidden = true; } });
  $("rows").addEventListener("click", (event) => {
    const row = event.target.closest("tr");
    if (row) select(Array.prototype.indexOf.call($("rows").children, row));
  });
  window.addEventListener("popstate", () => { fillForm(filtersFromURL()); reload(); });
  document.addEventListener("keydown", onKey);
  // The table does not wait for the definitions; the marks and the detail do.
  state.definitionsLoaded = loadDefinitions();
  reload();
}

start();
"""#
