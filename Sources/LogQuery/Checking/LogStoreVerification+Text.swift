import LogStore

extension LogStoreVerification {
    /// The result for people: one line per measure, then `intact` or `damaged`.
    public var text: String {
        var out = ""
        out += "segments           \(CheckSummary.grouped(segments)) (\(StatisticsReport.bytes(bytes)))\n"
        out += "records            \(CheckSummary.grouped(records))"
        if let firstSequence, let lastSequence { out += " (seq \(firstSequence)…\(lastSequence))" }
        out += "\n"
        out += "corrupt skipped    \(CheckSummary.grouped(corruptSkipped)) regions, \(StatisticsReport.bytes(skippedBytes))\n"
        out +=
            "torn tail          \(StatisticsReport.bytes(tornTailBytes))"
            + (tornTailBytes > 0 ? " (an unfinished write at the end; the next writer cuts it)" : "") + "\n"
        out += "damaged headers    \(damagedHeaders)\n"
        out += "seq regressions    \(sequenceRegressions)\n"
        out += "indexes to rebuild \(indexesMissingOrStale)\n"
        out += isIntact ? "intact\n" : "damaged: records in the damaged regions are lost; every other record is still read\n"
        return out
    }

    /// The result as one JSON line.
    public var jsonText: String {
        var members: [JSONMember] = [
            JSONMember("segments", .integer(Int64(segments))),
            JSONMember("bytes", .integer(Int64(bytes))),
            JSONMember("records", .integer(Int64(records))),
        ]
        if let firstSequence { members.append(JSONMember("firstSeq", .integer(Int64(clamping: firstSequence)))) }
        if let lastSequence { members.append(JSONMember("lastSeq", .integer(Int64(clamping: lastSequence)))) }
        members += [
            JSONMember("corruptSkipped", .integer(Int64(corruptSkipped))),
            JSONMember("skippedBytes", .integer(Int64(skippedBytes))),
            JSONMember("tornTailBytes", .integer(Int64(tornTailBytes))),
            JSONMember("damagedHeaders", .integer(Int64(damagedHeaders))),
            JSONMember("sequenceRegressions", .integer(Int64(sequenceRegressions))),
            JSONMember("indexesMissingOrStale", .integer(Int64(indexesMissingOrStale))),
            JSONMember("intact", .bool(isIntact)),
        ]
        return JSONValue.object(members).jsonText + "\n"
    }
}
