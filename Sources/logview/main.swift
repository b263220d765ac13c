import CommandLineSupport
import LogQuery

// `logview`: inspect a BehaviorLog store. Every command is a thin shell over LogQuery.

let storeOption = ArgumentSpec.option(
    "store", valueName: "dir",
    help: "The store directory (else $BEHAVIORLOG_STORE, else \(StoreLocation.defaultPath)).")

let filterOptions: [ArgumentSpec] = [
    .option("tag", short: "t", valueName: "pattern", help: "Only tags matching the pattern (`*` one segment, `**` any); repeat for more.", isRepeating: true),
    .option("since", valueName: "time", help: "Only logs at or after: ISO 8601 (2026-11-30T10:15) or a span before now (10m, 2h, 3d, today)."),
    .option("until", valueName: "time", help: "Only logs before this time (same forms as --since)."),
    .option(
        "where", short: "w", valueName: "expr",
        help: "field=value, !=, <, <=, >, >=, ~regex, !~regex, field? (present); \"quoted text\" as written; repeat to require all.", isRepeating: true),
]

let outputOption = ArgumentSpec.option(
    "output", short: "o", valueName: "format",
    help: "table, jsonl, json or csv (default: table on a terminal, jsonl when piped).")

let listArguments: [ArgumentSpec] =
    [storeOption] + filterOptions + [
        .option(
            "count", short: "n", valueName: "n",
            help: "Show the last N matching logs (the first N with --head); a table on a terminal shows the last 20 unless given."),
        .flag("head", help: "With -n, take the first N logs instead of the last."),
        .flag("reverse", short: "r", help: "Newest first."),
        outputOption,
    ]

let tool = CommandLineTool(
    version: PackageVersion.current,
    root: CommandSpec(
        name: "logview",
        abstract: "Inspect and query the logs in a BehaviorLog store, and check them against their definitions.",
        discussion: """
            The store is --store DIR, else $BEHAVIORLOG_STORE, else \(StoreLocation.defaultPath). logview only \
            reads: it never changes a store, and it is safe to run while the app writes.
            """,
        examples: [
            "logview --store /tmp/recipe-demo/store -n 20",
            "logview tail --tag 'recipe_search.*'",
            "logview stats --by hour",
            "logview check --definitions LogDefinitions",
        ],
        subcommands: [
            CommandSpec(
                name: "list", abstract: "List stored logs that match the filters (the default command).",
                discussion: """
                    Filters combine: a log is listed when its tag matches any --tag, it lies in the --since/--until \
                    window, and every --where holds. A bare --where name is a payload field (keyword=egg); the envelope's \
                    seq, time, tag, uuid, schema, common.NAME and violations work too.
                    """,
                examples: [
                    "logview list -n 20",
                    "logview list --tag 'recipe_search.*' --where keyword=egg --since 2h",
                    "logview list --where 'page>=2' --where 'keyword~^eg' -o csv > searches.csv",
                    "logview list --since 2026-11-30T10:00 --until 2026-11-30T11:00 -o jsonl | jq .payload",
                    "logview list -f --tag '**.search'",
                ],
                arguments: listArguments + [.flag("follow", short: "f", help: "Keep printing new logs as they are written (Ctrl-C ends).")],
                run: { arguments in try runList(arguments, follow: arguments.flag("follow")) }),
            CommandSpec(
                name: "tail", abstract: "Show the last logs, then follow new ones as the app writes them.",
                discussion: "Follows across segment rotation and restarts of the writer; Ctrl-C ends. The same filters as list apply.",
                examples: ["logview tail", "logview tail -n 50 --tag 'recipe_detail.*' --where 'recipe_id=42'"],
                arguments: listArguments,
                run: { arguments in try runList(arguments, follow: true) }),
            CommandSpec(
                name: "stats", abstract: "Count logs per tag, category or time, with the time span and the store's state.",
                discussion: "Counts of whole segments come from the store's index; --by minute|hour|day draws a bar per bucket and a sparkline.",
                examples: [
                    "logview stats", "logview stats --by category", "logview stats --by hour --since today", "logview stats --tag 'recipe_search.*' -o json",
                ],
                arguments: [storeOption] + filterOptions + [
                    .option("by", valueName: "grouping", help: "tag, category, minute, hour or day.", defaultValue: "tag"),
                    .option("output", short: "o", valueName: "format", help: "table or json (default: table)."),
                ],
                run: runStats),
            CommandSpec(
                name: "check", abstract: "Check every stored log against the Markdown definitions.",
                discussion: """
                    Reports unknown tags, obsolete events still sent, missing, unknown and obsolete fields, wrong types, \
                    constraint violations (length, range, pattern, enum case, array length) and the violations the runtime \
                    recorded. Each finding names the log (seq, time, tag) and the definition's file:line. Exits 1 when \
                    anything is found. Each log is checked against the definitions whose hash it carries in 'schema' \
                    (loggen schema prints it as "hash"): logs written with other definitions are counted per hash, not \
                    checked; --definitions-at REV adds the folder as it was at a git revision, for the logs written with it. \
                    With --first-rule, prints one line per log instead: 'seq N TAG: RULE', the first of its event's rules \
                    it breaks, or 'ok' (the rules and their names are the ones 'loggen ddl --enforce' writes as SQL).
                    """,
                examples: [
                    "logview check --definitions LogDefinitions", "logview check --definitions LogDefinitions --since 1h --tag 'recipe_search.*'",
                    "logview check --definitions LogDefinitions --definitions-at v1.2 --definitions-at v1.3",
                ],
                arguments: [storeOption, definitionsOption] + filterOptions + [
                    .option(
                        "definitions-at", valueName: "rev", help: "Also check logs written with the folder as it was at this git revision. Repeatable.",
                        isRepeating: true),
                    .option("max-findings", valueName: "n", help: "Print at most N findings (all are counted).", defaultValue: "1000"),
                    .flag("first-rule", help: "Print each log's first broken rule (or ok), as the warehouse's rejected table names it."),
                ],
                run: runCheck),
            CommandSpec(
                name: "coverage", abstract: "List events defined but never seen in the store, and stored tags that are not defined.",
                discussion: "Reads only the store's index. Obsolete events are not expected. Exits 1 when anything is listed.",
                examples: ["logview coverage --definitions LogDefinitions"],
                arguments: [storeOption, definitionsOption],
                run: runCoverage),
            CommandSpec(
                name: "serve", abstract: "Serve a live, definition-aware viewer of the store in the browser (and collect logs over HTTP).",
                discussion: """
                    Serves the viewer and its API (docs/Logview.md) at http://127.0.0.1:8765/ unless --listen says otherwise \
                    (port 0 picks a free one); prints the URL. Read-only unless --collect, which also takes POST /v1/logs: \
                    an app's HTTPBackend (JSON lines of envelopes, gzip or not), appended to the store once per UUID. Listening \
                    on anything but loopback needs --token. Ctrl-C stops.
                    """,
                examples: [
                    "logview serve --store /tmp/recipe-demo/store --definitions LogDefinitions",
                    "logview serve --store /tmp/collected --definitions LogDefinitions --collect --listen 127.0.0.1:0",
                    "logview serve --store /tmp/collected --collect --listen 0.0.0.0:8765 --token s3cret",
                ],
                arguments: [
                    storeOption, definitionsOption,
                    .option(
                        "listen", valueName: "host:port", help: "The address to listen on (default 127.0.0.1:8765; port 0 picks one).",
                        defaultValue: "127.0.0.1:8765"),
                    .option("token", valueName: "token", help: "Require this token (Authorization: Bearer, or ?token= once); needed off loopback."),
                    .flag("collect", help: "Also accept POST /v1/logs and append the logs to the store (created if missing)."),
                    .option("max-body", valueName: "size", help: "The largest request body, before and after gzip (default 8m)."),
                    .flag("open", help: "Open the viewer in the desktop's browser."),
                ],
                run: runServe),
            CommandSpec(
                name: "verify", abstract: "Check the store's integrity: every record's checksum, corrupt regions, torn tails.",
                discussion: "Reads every byte, trusting no index. Exits 1 when a record is damaged.",
                examples: ["logview verify", "logview verify --store /tmp/recipe-demo/store -o json"],
                arguments: [storeOption, .option("output", short: "o", valueName: "format", help: "table or json (default: table).")],
                run: runVerify),
        ],
        defaultSubcommand: "list"))

await tool.main()
