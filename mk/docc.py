#!/usr/bin/env python3
"""The DocC documentation of the libraries an app links (issue 28, part 1).

docs/*.md stay the one source of the articles: at `make docs` time each is copied into its
module's catalog under the build folder (ARTICLES says which module), its links rewritten
for DocC, and the landing page gets an "Articles" topic group that lists them. The committed
catalogs (Sources/<Module>/<Module>.docc) hold only what is not a copy: the landing page
(the shortest working example, then topic groups for every public type, which this script
checks) and nothing else. Then the toolchain's `docc convert` builds each module from its
symbol graphs, with zero warnings (every warning fails the build but those listed in
mk/docc-known-warnings.txt: doc comments of sources this change may not edit, each to be fixed
and its line removed; a line whose warning is gone fails too), and `docc merge` joins the
archives into one static site.

  build SYMBOL_GRAPHS OUT   catalogs, archives and the site (OUT/site)
  check-curation SYMBOL_GRAPHS
                            every public type is in a topic group of its landing page
  self-test                 the conversion of docs/*.md on planted text

Usage: from the package's root (make docs).
"""
import glob, json, os, re, shutil, subprocess, sys

sys.dont_write_bytecode = True  # no __pycache__ in mk/
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from toolchain import toolchain  # noqa: E402

MODULES = ["BehaviorLog", "BehaviorLogTesting", "BehaviorLogHTTP", "BehaviorLogViewer", "LogStore", "LogQuery"]
# Which catalog each document of docs/ joins. A new document must be placed here.
ARTICLES = {
    "Runtime": "BehaviorLog", "Syntax": "BehaviorLog", "Codegen": "BehaviorLog",
    "Platforms": "BehaviorLog", "Performance": "BehaviorLog",
    "Store": "LogStore", "Warehouse": "BehaviorLogHTTP", "Logview": "LogQuery",
    "InAppViewer": "BehaviorLogViewer",
}


def fail(message):
    sys.exit(f"error: {message}")


def catalog(module):
    return os.path.join("Sources", module, module + ".docc")


def landing_page(module):
    return os.path.join(catalog(module), module + ".md")


# MARK: - Checks

def top_level_symbols(graphs, module):
    path = os.path.join(graphs, module + ".symbols.json")
    if not os.path.exists(path):
        fail(f"{path} is missing: build the module with -emit-symbol-graph first (make docs-modules)")
    with open(path, encoding="utf-8") as file:
        graph = json.load(file)
    # A function's name without its argument labels (`eraseAllData(in:)` → `eraseAllData`).
    return sorted({s["pathComponents"][0].split("(")[0] for s in graph["symbols"]
                   if len(s["pathComponents"]) == 1 and not s["pathComponents"][0].startswith("_")})


def check_curation(graphs):
    problems = []
    for module in MODULES:
        page = landing_page(module)
        if not os.path.exists(page):
            problems.append(f"{page}: missing (every documented module has a landing page)")
            continue
        text = open(page, encoding="utf-8").read()
        if not text.startswith(f"# ``{module}``\n"):
            problems.append(f"{page}:1: the landing page starts with `# ``{module}```")
        topics = text.split("\n## Topics\n", 1)
        if len(topics) != 2:
            problems.append(f"{page}: no `## Topics` section")
            continue
        listed = set(re.findall(r"^- ``([A-Za-z_][\w]*)", topics[1], re.M))
        for name in top_level_symbols(graphs, module):
            if name not in listed:
                problems.append(f"{page}: the public type `{name}` is in no topic group; add `- ``{name}``` under a `### ` group of `## Topics`")
    spi = open(".spi.yml", encoding="utf-8").read() if os.path.exists(".spi.yml") else ""
    named = re.search(r"documentation_targets:\s*\[([^\]]*)\]", spi)
    if not named or [t.strip() for t in named.group(1).split(",")] != MODULES:
        problems.append(f".spi.yml: documentation_targets must be [{', '.join(MODULES)}] (mk/docc.py's MODULES)")
    if problems:
        for problem in problems:
            print("error: " + problem, file=sys.stderr)
        sys.exit(1)


APPLE_GROUP = "### On Apple platforms"


def without_absent_apple_symbols(text, symbols):
    """The landing page without the entries of its "On Apple platforms" group that this
    platform's build does not have (OSLogOutput, AppLifecycleObserver on Linux): Xcode and the
    Swift Package Index, which build for Apple platforms, read the committed page with them."""
    out, inside = [], False
    for line in text.split("\n"):
        if line.startswith("#"):
            inside = line.strip() == APPLE_GROUP
        entry = re.match(r"^- ``([A-Za-z_]\w*)", line)
        if inside and entry and entry.group(1) not in symbols:
            continue
        out.append(line)
    text = "\n".join(out)
    # A group left empty goes too.
    return re.sub(re.escape(APPLE_GROUP) + r"\n+(?=###|$)", "", text)


# MARK: - Articles from docs/*.md

def article(name, text, module):
    """docs/<name>.md as a DocC article of `module`'s catalog: links to other documents become
    DocC links, and code spans with backticks inside (written for GitHub) stop being symbol
    links. Fenced code blocks are left as they are."""
    out, fence = [], None
    for line in text.split("\n"):
        opening = re.match(r"^(`{3,}|~{3,})", line)
        if fence:
            if line.startswith(fence):
                fence = None
        elif opening:
            fence = opening.group(1)
        else:
            line = re.sub(r"(?<!!)\[([^\]]+)\]\(([^)\s]+)\)", lambda m: link(name, text, module, m), line)
            line = re.sub(r"(?<!`)(`{2,})(?!`)(.+?)(?<!`)\1(?!`)", literal_code, line)
        out.append(line)
    return "\n".join(out)


def literal_code(match):
    """A ``…`` span of docs/*.md (code with backticks in it), which DocC would read as a symbol
    link, as single-backtick spans joined by escaped backticks: it reads the same."""
    content = match.group(2)
    if content.startswith(" ") and content.endswith(" ") and content.strip():
        content = content[1:-1]
    return "\\`".join(f"`{part}`" if part else "" for part in content.split("`"))


def link(name, text, module, match):
    label, target = match.group(1), match.group(2)
    if target.startswith(("http://", "https://", "mailto:")):
        return match.group(0)
    path, _, fragment = target.partition("#")
    if not path:                      # a section of this document
        return f"[{label}](<doc:{name}#{heading_id(text, fragment)}>)"
    document = os.path.splitext(os.path.basename(path))[0]
    if path.endswith(".md") and document in ARTICLES:
        owner = ARTICLES[document]
        if owner == module:
            anchor = f"#{heading_id(read_doc(document), fragment)}" if fragment else ""
            return f"[{label}](<doc:{document}{anchor}>)"
        # Another module's article: a link within the merged site.
        return f"[{label}](/documentation/{owner.lower()}/{document.lower()})"
    fail(f"docs/{name}.md: a link to `{target}`, which is not a document of docs/; link with a full URL")


def read_doc(name):
    return open(os.path.join("docs", name + ".md"), encoding="utf-8").read()


def heading_id(text, fragment):
    """GitHub's anchor (`#make-bench-store`) → DocC's (the heading's text, spaces as dashes)."""
    for heading in re.findall(r"^#{2,6} (.+)$", text, re.M):
        github = re.sub(r"[^\w\- ]", "", heading.lower()).replace(" ", "-")
        if github == fragment:
            return re.sub(r"\s+", "-", heading.strip())
    fail(f"no heading of that document has the anchor #{fragment}")


def write_catalogs(graphs, out):
    names = sorted(os.path.splitext(os.path.basename(p))[0] for p in glob.glob("docs/*.md"))
    unplaced = [name for name in names if name not in ARTICLES]
    if unplaced:
        fail(f"docs/{unplaced[0]}.md is in no catalog: add it to ARTICLES in mk/docc.py")
    for module in MODULES:
        target = os.path.join(out, "catalogs", module + ".docc")
        shutil.rmtree(target, ignore_errors=True)
        shutil.copytree(catalog(module), target)
        mine = [name for name in names if ARTICLES[name] == module]
        for name in mine:
            with open(os.path.join(target, name + ".md"), "w", encoding="utf-8") as file:
                file.write(article(name, read_doc(name), module))
        page = os.path.join(target, module + ".md")
        text = without_absent_apple_symbols(open(page, encoding="utf-8").read(), top_level_symbols(graphs, module))
        with open(page, "w", encoding="utf-8") as file:
            file.write(text)
        if mine:
            group = "### Articles\n\n" + "".join(f"- <doc:{name}>\n" for name in mine) + "\n"
            text = text.replace("\n## Topics\n\n", "\n## Topics\n\n" + group, 1)
            with open(page, "w", encoding="utf-8") as file:
                file.write(text)


# MARK: - Build

KNOWN_WARNINGS = "mk/docc-known-warnings.txt"


def run(command):
    result = subprocess.run(command, capture_output=True, text=True)
    if result.returncode != 0:
        sys.stderr.write(result.stdout + result.stderr)
        fail(f"`{' '.join(command[:2])}` failed (above)")
    return result.stdout + result.stderr


def warnings(output, module):
    """docc's warnings as `path: message` (no line numbers, so that editing around one keeps it)."""
    found, pending = [], None
    for line in output.splitlines():
        if line.startswith("warning: "):
            if pending:
                found.append(pending)
            pending = line[len("warning: "):]
        elif pending and line.strip().startswith("--> "):
            path = re.sub(r":\d+:\d+(-\d+:\d+)?$", "", line.strip()[4:])
            # A source file as the package's path (docc prints it relative to the catalog, which
            # DOCS_SCRATCH may put anywhere); a page of the catalog by its bare name.
            source = re.search(r"(?:^|/)(Sources/.+)$", path)
            if source:
                path = source.group(1)
            else:
                page = os.path.basename(path)
                name = os.path.splitext(page)[0]
                path = f"docs/{page}" if name in ARTICLES else os.path.join(catalog(module), page)
            found.append(f"{path}: {pending}")
            pending = None
    if pending:
        found.append(pending)
    return found


def check_warnings(found):
    """Zero warnings, but for the doc-comment warnings of KNOWN_WARNINGS (sources this change
    may not edit); a listed warning that no longer occurs must leave the list too."""
    known = [line for line in open(KNOWN_WARNINGS, encoding="utf-8").read().splitlines()
             if line and not line.startswith("#")]
    new = [w for w in found if w not in known]
    gone = [w for w in known if w not in found]
    for warning in new:
        print(f"error: docc: {warning}", file=sys.stderr)
    for warning in gone:
        print(f"error: {KNOWN_WARNINGS}: no longer warned, remove the line: {warning}", file=sys.stderr)
    if new or gone:
        fail(f"docs: {len(new)} new docc warning(s), {len(gone)} stale line(s) in {KNOWN_WARNINGS} (above); "
             f"fix the doc comment or the document (docs/*.md are converted by mk/docc.py)")


def build(graphs, out):
    check_curation(graphs)
    write_catalogs(graphs, out)
    archives, found = [], []
    for module in MODULES:
        symbols = os.path.join(out, "symbols", module)
        shutil.rmtree(symbols, ignore_errors=True)
        os.makedirs(symbols)
        # The module's own graph and its extensions of other modules' types (Module@Other).
        for path in [os.path.join(graphs, module + ".symbols.json")] + sorted(glob.glob(os.path.join(graphs, module + "@*.symbols.json"))):
            shutil.copy(path, symbols)
        archive = os.path.join(out, "archives", module + ".doccarchive")
        shutil.rmtree(archive, ignore_errors=True)
        os.makedirs(os.path.dirname(archive), exist_ok=True)
        # Parameters are documented "where they add something" (/work/shared/STYLE.md), so
        # docc's check that every parameter is is off; every other warning counts.
        found += warnings(run(toolchain("docc") + ["convert", os.path.join(out, "catalogs", module + ".docc"),
             "--additional-symbol-graph-dir", symbols, "--output-dir", archive,
             "--fallback-display-name", module, "--fallback-bundle-identifier", f"org.behaviorlog.{module}",
             "--transform-for-static-hosting", "--disable-parameters-and-returns-validation"]), module)
        archives.append(archive)
    check_warnings(sorted(set(found)))
    site = os.path.join(out, "site")
    shutil.rmtree(site, ignore_errors=True)
    run(toolchain("docc") + ["merge"] + archives + ["--output-path", site,
         "--synthesized-landing-page-name", "BehaviorLog", "--synthesized-landing-page-kind", "Package"])
    print(f"docs: {', '.join(MODULES)} in {site}/ (open /documentation/<module> through a web server, "
          f"e.g. `python3 -m http.server -d {site}`)")


def self_test():
    """The conversion of docs/*.md on planted text: each kind of link, a ``…`` span, a fence."""
    text = ("# Store\n\n## The format (v2)\n\nSee [the format](#the-format-v2), [runtime](Runtime.md),\n"
            "[bench](Performance.md#the-format-v2), [store](Store.md) and [x](https://example.com/a.md).\n"
            "A pattern `` `^[A-Z]+$` `` and ``case `a`(b)``.\n\n```swift\nlet a = [b](c)  // ``kept``\n```\n")
    global read_doc
    real, read_doc = read_doc, lambda name: text
    try:
        got = article("Store", text, "LogStore")
    finally:
        read_doc = real
    expected = ("# Store\n\n## The format (v2)\n\nSee [the format](<doc:Store#The-format-(v2)>), "
                "[runtime](/documentation/behaviorlog/runtime),\n[bench](/documentation/behaviorlog/performance), "
                "[store](<doc:Store>) and [x](https://example.com/a.md).\n"
                "A pattern \\``^[A-Z]+$`\\` and `case `\\``a`\\``(b)`.\n\n```swift\nlet a = [b](c)  // ``kept``\n```\n")
    if got != expected:
        fail(f"docc self-test: docs/*.md converted as\n{got}\nnot as\n{expected}")
    page = "# ``M``\n\n## Topics\n\n### On Apple platforms\n\n- ``OSLogOutput``\n\n### Errors\n\n- ``E``\n"
    if without_absent_apple_symbols(page, {"E"}) != "# ``M``\n\n## Topics\n\n### Errors\n\n- ``E``\n":
        fail("docc self-test: an absent Apple-only symbol was not dropped from the landing page")
    if without_absent_apple_symbols(page, {"E", "OSLogOutput"}) != page:
        fail("docc self-test: a present Apple-only symbol was dropped from the landing page")
    print("docc self-test: links, ``…`` spans, fences and the Apple-only group convert as expected")


def main():
    args = sys.argv[1:]
    if args == ["self-test"]:
        self_test()
    elif args[:1] == ["build"] and len(args) == 3:
        build(args[1], args[2])
    elif args[:1] == ["check-curation"] and len(args) == 2:
        check_curation(args[1])
    else:
        print("usage: mk/docc.py build SYMBOL_GRAPHS OUT | check-curation SYMBOL_GRAPHS | self-test", file=sys.stderr)
        sys.exit(64)


main()
