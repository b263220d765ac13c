import BehaviorLog

/// Typed assertions on what a `RecordingOutput` received, reported at the caller's source
/// location to whichever framework runs the test: an `Issue` in Swift Testing, an `XCTFail`
/// in XCTest (see `TestFailure`). Each returns whether it held.
///
/// A log matches an event when its tag and its payload's fields equal the event's (the
/// common payload and the envelope are not compared: filters add them).
extension RecordingOutput {
    /// Expects the event to have been logged, `count` times when given (else at least once);
    /// with `under`, only the logs received under that consent count.
    @discardableResult
    public func expectLogged(
        _ event: some LogEvent, count: Int? = nil, under consent: LogConsent? = nil,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> Bool {
        let found = logs(underOrAll: consent).filter { Self.matches($0, event) }.count
        if let count {
            guard found == count else {
                TestFailure.record(
                    "expected \(event.tag) \(Self.describe(event.payload)) logged \(count) time(s)\(Self.describe(consent)), found \(found)\(summary())",
                    at: .init(fileID: fileID, filePath: filePath, line: line, column: column))
                return false
            }
            return true
        }
        guard found > 0 else {
            TestFailure.record(
                "expected \(event.tag) \(Self.describe(event.payload)) to be logged\(Self.describe(consent))\(closest(to: event))\(summary())",
                at: .init(fileID: fileID, filePath: filePath, line: line, column: column))
            return false
        }
        return true
    }

    /// Expects the event never to have been logged (under `consent`, when given).
    @discardableResult
    public func expectNotLogged(
        _ event: some LogEvent, under consent: LogConsent? = nil,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> Bool {
        let found = logs(underOrAll: consent).filter { Self.matches($0, event) }.count
        guard found == 0 else {
            TestFailure.record(
                "expected \(event.tag) \(Self.describe(event.payload)) not to be logged\(Self.describe(consent)), found it \(found) time(s)",
                at: .init(fileID: fileID, filePath: filePath, line: line, column: column))
            return false
        }
        return true
    }

    /// Expects no log whose tag matches the pattern (`"recipe_search.*"`).
    @discardableResult
    public func expectNotLogged(
        tagPattern: String,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> Bool {
        let pattern: TagPattern
        do {
            pattern = try TagPattern(tagPattern)
        } catch {
            TestFailure.record("\(error)", at: .init(fileID: fileID, filePath: filePath, line: line, column: column))
            return false
        }
        let found = tags.filter { pattern.matches($0) }
        guard found.isEmpty else {
            TestFailure.record(
                "expected no log matching `\(tagPattern)`, found \(found.count): \(found.prefix(5).joined(separator: ", "))",
                at: .init(fileID: fileID, filePath: filePath, line: line, column: column))
            return false
        }
        return true
    }

    /// Expects the number of logs whose tag matches the pattern (every log by default),
    /// received under `consent` when given.
    @discardableResult
    public func expectCount(
        _ count: Int, tagPattern: String = "**", under consent: LogConsent? = nil,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> Bool {
        guard let pattern = try? TagPattern(tagPattern) else {
            TestFailure.record("invalid tag pattern `\(tagPattern)`", at: .init(fileID: fileID, filePath: filePath, line: line, column: column))
            return false
        }
        let found = logs(underOrAll: consent).filter { pattern.matches($0.tag) }.count
        guard found == count else {
            TestFailure.record(
                "expected \(count) log(s) matching `\(tagPattern)`\(Self.describe(consent)), found \(found)\(summary())",
                at: .init(fileID: fileID, filePath: filePath, line: line, column: column))
            return false
        }
        return true
    }

    /// Expects the events to have been logged in this order (other logs may come between).
    @discardableResult
    public func expectOrder(
        _ events: [any LogEvent],
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> Bool {
        let received = logs
        var position = 0
        for (index, event) in events.enumerated() {
            guard let found = received[position...].firstIndex(where: { Self.matches($0, event) }) else {
                let anywhere = received.contains { Self.matches($0, event) }
                let reason = anywhere ? "it was logged only before the event it should follow" : "it was not logged"
                let message = "expected \(event.tag) \(Self.describe(event.payload)) as event \(index + 1) of the order, but \(reason)"
                TestFailure.record("\(message)\(summary())", at: .init(fileID: fileID, filePath: filePath, line: line, column: column))
                return false
            }
            position = found + 1
        }
        return true
    }

    static func matches(_ envelope: LogEnvelope, _ event: some LogEvent) -> Bool {
        envelope.tag == event.tag && envelope.payload.fields.elementsEqual(event.payload.fields) { $0.key == $1.key && $0.value == $1.value }
    }

    private func logs(underOrAll consent: LogConsent?) -> [LogEnvelope] {
        consent.map { logs(under: $0) } ?? logs
    }

    private static func describe(_ consent: LogConsent?) -> String {
        consent.map { " under consent \($0)" } ?? ""
    }

    private func closest(to event: some LogEvent) -> String {
        guard let sameTag = logs.last(where: { $0.tag == event.tag }) else { return "" }
        return "; the last \(event.tag) logged was \(Self.describe(sameTag.payload))"
    }

    private func summary() -> String {
        let tags = self.tags
        if tags.isEmpty { return "; nothing was logged" }
        return "; logged: " + tags.suffix(10).joined(separator: ", ") + (tags.count > 10 ? " (last 10 of \(tags.count))" : "")
    }

    static func describe(_ payload: LogPayload) -> String {
        "{" + payload.fields.map { "\($0.key): \(describe($0.value))" }.joined(separator: ", ") + "}"
    }

    static func describe(_ value: LogValue) -> String {
        switch value {
        case .null: "null"
        case .bool(let flag): "\(flag)"
        case .integer(let number): "\(number)"
        case .double(let number): "\(number)"
        case .float(let number): "\(number)"
        case .string(let text): "\"\(text)\""
        case .date(let day): "\(day)"
        case .timestamp(let moment): "\(moment)"
        case .array(let elements): "[" + elements.map(describe).joined(separator: ", ") + "]"
        }
    }
}
