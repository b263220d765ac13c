import Foundation
@testable import LogQuery

/// A stored log built from parts, the way the runtime stores it.
func makeLog(
    sequence: UInt64 = 1, time: String = "2026-11-30T10:29:54.123Z", tag: String = "recipe_search.search",
    payload: String = #"{"keyword":"egg"}"#, common: String = "{}", violations: String = "[]", schema: String = "v1",
    uuid: UUID = UUID(uuidString: "00000000-0000-4000-8000-000000000001")!
) -> StoredLog.Owned {
    let body = #"{"schema":"\#(schema)","common":\#(common),"violations":\#(violations),"payload":\#(payload)}"#
    return StoredLog.Owned(sequence: sequence, microseconds: microseconds(time), tag: tag, uuid: uuid, body: Array(body.utf8))
}

func microseconds(_ iso: String) -> Int64 {
    try! TimeExpression(timeZone: TimeZone(identifier: "UTC")!).parse(iso)
}

extension StoredLog.Owned {
    func matches(_ expression: String) throws -> Bool {
        let condition = try WhereExpression(expression, timeExpression: fixedClock)
        return withStoredLog { condition.matches($0) }
    }

    func formatted(_ formatter: inout some LogFormatter) -> String {
        var output = OutputBuffer.collecting()
        withStoredLog { formatter.write($0, into: &output) }
        return output.text
    }
}

/// `2026-11-30T12:00:00Z`, in UTC.
let fixedClock = TimeExpression(now: Date(timeIntervalSince1970: 1_796_040_000), timeZone: TimeZone(identifier: "UTC")!)
