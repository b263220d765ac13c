import Foundation
import LogStore

/// Encodes logs as JSON for the store and for backends (the format is in docs/Runtime.md).
///
/// A stored record keeps `uuid`, `seq`, `time` and `tag` in its framing, so its payload
/// bytes are the rest of the envelope, one JSON object with its keys in this order:
///
/// ```json
/// {"schema":"…","common":{…},"violations":[…],"payload":{…}}
/// ```
///
/// The full envelope, as backends and the console receive it, puts the framed fields first
/// and splices the stored bytes after them, without decoding them:
///
/// ```json
/// {"uuid":"…","seq":1,"time":"2026-11-30T10:29:54.123Z","tag":"recipe_search.search","schema":"…","common":{…},"violations":[],"payload":{…}}
/// ```
public struct EnvelopeEncoder: Sendable {
    /// The schema's version or hash, written in every log's `schema` key.
    public var schemaVersion: String
    private let schemaPrefix: [UInt8]
    /// The last common payload encoded: it is usually the same value log after log.
    private let lastCommon = Locked(CommonCache())

    public init(schemaVersion: String) {
        self.schemaVersion = schemaVersion
        var writer = JSONWriter(capacity: 32 + schemaVersion.utf8.count)
        writer.raw("{\"schema\":")
        writer.string(schemaVersion)
        writer.raw(",\"common\":")
        schemaPrefix = writer.bytes
    }

    /// The stored payload bytes of a log: the envelope without `uuid`, `seq`, `time`, `tag`.
    public func body(of envelope: LogEnvelope) -> [UInt8] {
        lastCommon.withLock { cache in body(of: envelope, commonCache: &cache) }
    }

    /// The common payload last encoded, with its JSON: the app hands the same common payload
    /// (the same storage) log after log, so it is encoded once. Owned by one encoding thread
    /// (the logger's writer keeps one), so using it takes no lock.
    struct CommonCache {
        /// Kept, so that its storage (compared by address) is not reused by another payload.
        fileprivate var payload: LogPayload?
        fileprivate var json: [UInt8] = []
    }

    /// Fills `log.body` (an inout log is read in place: its envelope is not copied).
    func encode(_ log: inout EncodedLog, commonCache: inout CommonCache) {
        log.body = body(of: log.envelope, commonCache: &commonCache)
    }

    /// ``body(of:)``, with the common payload's JSON taken from (or put in) `commonCache`.
    func body(of envelope: LogEnvelope, commonCache: inout CommonCache) -> [UInt8] {
        var writer = JSONWriter(capacity: schemaPrefix.count + 64 + 24 * (envelope.payload.fields.count + envelope.common.fields.count) + commonCache.json.count)
        writer.encoded(schemaPrefix)
        appendCommon(envelope.common, to: &writer, cache: &commonCache)
        writer.raw(",\"violations\":[")
        var first = true
        for violation in envelope.payload.violations {
            Self.write(violation, prefix: "", first: &first, into: &writer)
        }
        for violation in envelope.common.violations {
            Self.write(violation, prefix: "common.", first: &first, into: &writer)
        }
        writer.raw("],\"payload\":")
        writer.object(envelope.payload)
        writer.byte(UInt8(ascii: "}"))
        return writer.bytes
    }

    /// Appends the common payload's object, from the cache when it is the very same payload
    /// (same storage) as the last one. The cache holds that storage, so its address cannot
    /// be reused by another payload while it is cached.
    private func appendCommon(_ common: LogPayload, to writer: inout JSONWriter, cache: inout CommonCache) {
        if cache.payload?.sharesFieldStorage(with: common) == true {
            writer.encoded(cache.json)
            return
        }
        let start = writer.bytes.count
        writer.object(common)
        cache.json = Array(writer.bytes[start...])
        cache.payload = common
    }

    private static func write(_ violation: ConstraintViolation, prefix: String, first: inout Bool, into writer: inout JSONWriter) {
        if !first { writer.byte(UInt8(ascii: ",")) }
        first = false
        writer.raw("{\"field\":")
        writer.string(prefix.isEmpty ? violation.field : prefix + violation.field)
        writer.raw(",\"kind\":")
        writer.string(violation.kind.rawValue)
        writer.raw(",\"detail\":")
        writer.string(violation.detail)
        writer.byte(UInt8(ascii: "}"))
    }

    /// The full envelope of a stored log as one JSON object (no newline): the framed fields,
    /// then the stored payload bytes spliced in.
    /// - Parameters:
    ///   - body: The stored payload bytes, as `body(of:)` made them (a JSON object).
    public static func envelope(uuid: UUID, sequence: UInt64, time: Date, tag: String, body: some Collection<UInt8>) -> [UInt8] {
        var writer = JSONWriter(capacity: 96 + tag.utf8.count + body.count)
        appendEnvelope(uuid: uuid, sequence: sequence, time: time, tag: tag, body: body, to: &writer)
        return writer.bytes
    }

    static func appendEnvelope(uuid: UUID, sequence: UInt64, time: Date, tag: String, body: some Collection<UInt8>, to writer: inout JSONWriter) {
        appendEnvelope(uuid: uuid, sequence: sequence, milliseconds: LogClock.milliseconds(time), tag: tag, body: body, to: &writer)
    }

    /// The envelope of a stored record (its time is the framing's, in microseconds).
    static func appendEnvelope(of record: LogRecord, to writer: inout JSONWriter) {
        let micro = record.timestamp.microsecondsSince1970
        appendEnvelope(
            uuid: record.uuid, sequence: record.sequence, milliseconds: micro >= 0 ? micro / 1000 : (micro - 999) / 1000,
            tag: record.tag, body: record.payload, to: &writer)
    }

    private static func appendEnvelope(uuid: UUID, sequence: UInt64, milliseconds: Int64, tag: String, body: some Collection<UInt8>, to writer: inout JSONWriter) {
        writer.raw("{\"uuid\":")
        writer.uuid(uuid)
        writer.raw(",\"seq\":")
        writer.unsigned(sequence)
        writer.raw(",\"time\":")
        writer.timestamp(milliseconds: milliseconds)
        writer.raw(",\"tag\":")
        writer.string(tag)
        if body.count > 2 {
            writer.byte(UInt8(ascii: ","))
            writer.bytes.append(contentsOf: body.dropFirst())   // the body's `{` is replaced by the `,`
        } else {
            writer.byte(UInt8(ascii: "}"))
        }
    }
}
