import Foundation
import LogCore
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
///
/// An immutable class, not a struct: a struct linked its value witnesses into every app.
package final class EnvelopeEncoder: Sendable {
    /// The schema's version or hash, written in every log's `schema` key; when empty, each
    /// log's own ``LogEnvelope/schema`` (its generated event type's hash) is written instead.
    package let schemaVersion: String
    private let schemaPrefix: [UInt8]
    /// For `body(of:)`, which any thread may call. Set in `init`: an initial value here was a
    /// function of its own in every app (issue 26).
    private let sharedState: Locked<EnvelopeEncoder.State>

    /// - Parameter schemaVersion: The `schema` of every log, overriding each event's own
    ///   hash; empty (the default) to write each log's ``LogEnvelope/schema``.
    package init(schemaVersion: String = "") {
        self.schemaVersion = schemaVersion
        var writer = JSONWriter(capacity: 32 + schemaVersion.utf8.count)
        writer.raw("{\"schema\":")
        writer.string(schemaVersion)
        writer.raw(",\"common\":")
        schemaPrefix = writer.bytes
        sharedState = Locked(EnvelopeEncoder.newState())
    }

    /// The stored payload bytes of a log: the envelope without `uuid`, `seq`, `time`, `tag`.
    package func body(of envelope: LogEnvelope) -> [UInt8] {
        sharedState.withLock { state in body(of: envelope, state: &state) }
    }

    /// What an encoding thread keeps from one log to the next (the logger's writer keeps
    /// one, so using it takes no lock): the common payload last encoded, with its JSON — the
    /// app hands the same common payload (the same storage) log after log, so it is encoded
    /// once — and the buffer a body is written in before it is copied out at its exact size.
    ///
    /// - `common`: kept, so that its storage (compared by address) is not reused by another payload.
    /// - `schema`, `schemaPrefix`: the last log's own schema hash and its
    ///   `{"schema":"…","common":` prefix: logs of one generated set share the hash, so it is
    ///   escaped once.
    ///
    /// A tuple (made by ``newState()``), not a struct of its own: `Locked` is generic and in
    /// another module, so a struct's metadata and value witnesses would be linked into every app.
    typealias State = (common: LogPayload?, commonJSON: [UInt8], schema: String, schemaPrefix: [UInt8], scratch: JSONWriter)

    /// A state with nothing kept yet.
    static func newState() -> State {
        (nil, [], "", Array(#"{"schema":"","common":"#.utf8), JSONWriter(capacity: 1_024))
    }

    /// Fills `log.body` (an inout log is read in place: its envelope is not copied).
    func encode(_ log: inout EncodedLog, state: inout State) {
        log.body = body(of: log.envelope, state: &state)
    }

    /// ``body(of:)``, with the common payload's JSON taken from (or put in) `state`.
    func body(of envelope: LogEnvelope, state: inout State) -> [UInt8] {
        var writer = state.scratch
        state.scratch = JSONWriter(capacity: 0)  // `writer` holds the only reference: no copy
        writer.bytes.removeAll(keepingCapacity: true)
        if schemaVersion.isEmpty {
            if envelope.schema != state.schema {
                var prefix = JSONWriter(capacity: 32 + envelope.schema.utf8.count)
                prefix.raw("{\"schema\":")
                prefix.string(envelope.schema)
                prefix.raw(",\"common\":")
                state.schema = envelope.schema
                state.schemaPrefix = prefix.bytes
            }
            writer.encoded(state.schemaPrefix)
        } else {
            writer.encoded(schemaPrefix)
        }
        appendCommon(envelope.common, to: &writer, state: &state)
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
        // A copy at the exact size: bodies are kept (the sender reads recent ones from
        // memory), and the scratch grows by each value's upper bound while it is written.
        let body = writer.bytes.withUnsafeBufferPointer { [UInt8]($0) }
        // Kept for the next log, unless a huge one grew it (the bound of a 10 MB string is 60 MB).
        state.scratch = writer.bytes.capacity > 1 << 20 ? JSONWriter(capacity: 1_024) : writer
        return body
    }

    /// Appends the common payload's object, from the cache when it is the very same payload
    /// (same storage) as the last one. The cache holds that storage, so its address cannot
    /// be reused by another payload while it is cached.
    private func appendCommon(_ common: LogPayload, to writer: inout JSONWriter, state: inout State) {
        if state.common?.sharesFieldStorage(with: common) == true {
            writer.encoded(state.commonJSON)
            return
        }
        let start = writer.bytes.count
        writer.object(common)
        state.commonJSON = Array(writer.bytes[start...])
        state.common = common
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
    /// then the stored payload bytes spliced in. Internal, for the tests: a package function
    /// is kept in every app, with the generic code it calls.
    /// - Parameters:
    ///   - body: The stored payload bytes, as `body(of:)` made them (a JSON object).
    static func envelope(uuid: UUID, sequence: UInt64, time: Date, tag: String, body: some Collection<UInt8>) -> [UInt8] {
        var writer = JSONWriter(capacity: 96 + tag.utf8.count + body.count)
        appendEnvelope(uuid: uuid, sequence: sequence, time: time, tag: tag, body: body, to: &writer)
        return writer.bytes
    }

    static func appendEnvelope(uuid: UUID, sequence: UInt64, time: Date, tag: String, body: some Collection<UInt8>, to writer: inout JSONWriter) {
        appendEnvelope(uuid: uuid, sequence: sequence, milliseconds: UnixTime.milliseconds(time), tag: tag, body: body, to: &writer)
    }

    /// The envelope of a stored record (its time is the framing's, in microseconds).
    static func appendEnvelope(of record: LogRecord, to writer: inout JSONWriter) {
        let micro = record.timestamp.microsecondsSince1970
        appendEnvelope(
            uuid: record.uuid, sequence: record.sequence, milliseconds: UnixTime.milliseconds(microseconds: micro),
            tag: record.tag, body: record.payload, to: &writer)
    }

    private static func appendEnvelope(
        uuid: UUID, sequence: UInt64, milliseconds: Int64, tag: String, body: some Collection<UInt8>, to writer: inout JSONWriter
    ) {
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
            writer.bytes.append(contentsOf: body.dropFirst())  // the body's `{` is replaced by the `,`
        } else {
            writer.byte(UInt8(ascii: "}"))
        }
    }
}
