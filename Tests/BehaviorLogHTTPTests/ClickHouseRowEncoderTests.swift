import BehaviorLog
import BehaviorLogHTTP
import Foundation
import LogStore
import Testing

/// A stored log → its JSONEachRow row, byte for byte.
@Suite struct ClickHouseRowEncoderTests {
    private let describe = """
        uuid\tUUID\t\t\t
        time\tDateTime('UTC')\t\t\t
        time_ms\tUInt16\t\t\t
        opened_at\tDateTime('UTC')\t\t\t
        opened_at_ms\tUInt16\t\t\t
        seen_at\tArray(DateTime('UTC'))\t\t\t
        seen_at_ms\tArray(UInt16)\t\t\t
        closed_at\tNullable(DateTime('UTC'))\t\t\t
        closed_at_ms\tNullable(UInt16)\t\t\t
        folder_ids\tArray(Int64)\t\t\t
        rating\tNullable(Float64)\t\t\t
        """

    private func row(
        _ body: String, tag: String = "recipe_detail.show", milliseconds: Double = 1_764_496_800_123, describe: String? = nil
    ) -> String {
        let log = LogRecord(
            sequence: 42, tag: tag, timestamp: LogTimestamp(microsecondsSince1970: Int64(milliseconds) * 1000 + 456),
            uuid: UUID(uuidString: "01A22C1C-2103-74CF-8079-913CE7C8F1F7")!, payload: Array(body.utf8))
        var bytes: [UInt8] = []
        ClickHouseRowEncoder(describeOutput: describe ?? self.describe).appendRow(of: log, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test func envelopeCommonAndPayloadBecomeColumns() {
        let body = #"{"schema":"v1","common":{"user_id":7,"network":null},"violations":[],"payload":{"recipe_id":3,"keyword":"egg \"x\""}}"#
        #expect(
            row(body)
                == #"{"uuid":"01a22c1c-2103-74cf-8079-913ce7c8f1f7","event_category":"recipe_detail","event_name":"show","time":"2025-11-30 10:00:00","time_ms":123,"seq":42,"schema":"v1","user_id":7,"network":null,"violations.field":[],"violations.kind":[],"violations.detail":[],"recipe_id":3,"keyword":"egg \"x\""}"#
        )
    }

    @Test func momentsAreSplitIntoDateTimeAndMilliseconds() {
        let body =
            #"{"schema":"v1","common":{},"violations":[],"payload":{"opened_at":"2026-11-30T10:29:54.007Z","seen_at":["2026-01-02T03:04:05.600Z","2026-01-02T03:04:06.000Z"],"closed_at":null}}"#
        #expect(
            row(body).hasSuffix(
                #""opened_at":"2026-11-30 10:29:54","opened_at_ms":7,"seen_at":["2026-01-02 03:04:05","2026-01-02 03:04:06"],"seen_at_ms":[600,0],"closed_at":null,"closed_at_ms":null}"#
            ))
    }

    /// A table of `loggen ddl --dialect clickhouse-24`: the time whole, to the microsecond, no
    /// `time_ms`; payload moments as the runtime wrote them; `NULL` kept for an optional enum.
    @Test func aTableOfTodaysTypesTakesMomentsWhole() {
        let modern = """
            uuid\tUUID\t\t\t
            event_category\tLowCardinality(String)\t\t\t
            time\tDateTime64(6, 'UTC')\t\t\t
            opened_at\tNullable(DateTime64(6, 'UTC'))\t\t\t
            order\tLowCardinality(Nullable(String))\t\t\t
            """
        let body = #"{"schema":"v1","common":{},"violations":[],"payload":{"opened_at":"2026-11-30T10:29:54.007Z","order":null}}"#
        #expect(
            row(body, describe: modern)
                == #"{"uuid":"01a22c1c-2103-74cf-8079-913ce7c8f1f7","event_category":"recipe_detail","event_name":"show","time":"2025-11-30 10:00:00.123456","seq":42,"schema":"v1","violations.field":[],"violations.kind":[],"violations.detail":[],"opened_at":"2026-11-30T10:29:54.007Z","order":null}"#
        )
    }

    @Test func violationsBecomeTheNestedArrays() {
        let body =
            #"{"schema":"v1","common":{},"violations":[{"field":"keyword","kind":"maxLength","detail":"300 bytes, limit 256"},{"field":"common.os_version","kind":"pattern","detail":"x"}],"payload":{}}"#
        #expect(
            row(body).contains(
                #""violations.field":["keyword","common.os_version"],"violations.kind":["maxLength","pattern"],"violations.detail":["300 bytes, limit 256","x"]"#
            ))
    }

    @Test func nullIsLeftOutWhereTheColumnCannotHoldIt() {
        let body = #"{"schema":"v1","common":{},"violations":[],"payload":{"folder_ids":null,"rating":null}}"#
        #expect(row(body).hasSuffix(#""violations.detail":[],"rating":null}"#))
    }

    @Test func timesBefore1970AndTagsWithoutADot() {
        #expect(
            row(#"{"schema":"v1","common":{},"violations":[],"payload":{}}"#, tag: "lonely", milliseconds: -1)
                .contains(#""event_category":"lonely","event_name":"","time":"1969-12-31 23:59:59","time_ms":999"#))
    }
}
