// `TagPattern` lives in LogStore, the module both the runtime and `logview` (LogQuery) build
// on, so that routing and querying read patterns with one matcher. Apps keep writing
// `TagPattern` after `import BehaviorLog`.
@_exported import struct LogStore.TagPattern
@_exported import struct LogStore.TagPatternError
