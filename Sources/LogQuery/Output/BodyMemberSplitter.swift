import LogCore
import LogCoreTools
import LogStore

/// Splits stored bodies into their `payload` member and the rest, for output in the envelope's
/// order (framed fields, `payload`, then the others).
///
/// The runtime writes `{"schema":…,"common":{…},"violations":[…],"payload":{…}}`, and in one
/// store everything up to the payload's value rarely changes from one log to the next: one
/// app, one schema, a common payload that changes with the network or the user. So the
/// splitter remembers the previous body's bytes up to the payload's value and the members in
/// them; a body that starts with the same bytes is split by comparing them and walking the
/// payload alone. The outcome is the same as walking every member (the walk there would read
/// the same bytes), so a body of any other shape is split correctly, only without the saving.
struct BodyMemberSplitter {
    /// A top-level member: the key inside its quotes (escapes not decoded) and the value.
    typealias Member = (key: Range<Int>, value: Range<Int>)

    /// The previous body's bytes up to and including the colon after its `payload` key.
    private var prefix: [UInt8] = []
    /// The members before `payload` in `prefix`, less the framed ones.
    private var prefixMembers: [Member] = []

    /// A body prefix longer than this is not remembered (copying it would cost more than it saves).
    private static let maximumPrefixBytes = 4096

    /// Splits the object in `body`.
    /// - Parameter others: receives the members other than `payload` and the framed fields
    ///   (`seq`, `time`, `tag`, `uuid`), in body order.
    /// - Returns: whether `body` is a well-formed object (its members, that is; what follows
    ///   the closing brace is not looked at), and the range of `payload`'s value if it has one.
    mutating func split(_ body: UnsafeBufferPointer<UInt8>, others: inout [Member]) -> (wellFormed: Bool, payload: Range<Int>?) {
        let scanner = JSONScanner(body)
        others.removeAll(keepingCapacity: true)
        var payload: Range<Int>?
        var index: Int
        if !prefix.isEmpty, body.count > prefix.count,
            prefix.withUnsafeBufferPointer({ System.bytesEqual($0.baseAddress!, body.baseAddress!, count: $0.count) })
        {
            others.append(contentsOf: prefixMembers)
            let valueStart = scanner.skipWhitespace(prefix.count)
            guard let valueEnd = scanner.valueEnd(from: valueStart, depth: 1) else { return (false, nil) }
            payload = valueStart..<valueEnd
            index = valueEnd
            switch Self.afterValue(scanner, &index) {
            case .end: return (true, payload)
            case .malformed: return (false, nil)
            case .member: break
            }
        } else {
            index = scanner.skipWhitespace(0)
            guard index < body.count, body[index] == UInt8(ascii: "{") else { return (false, nil) }
            index = scanner.skipWhitespace(index + 1)
            if index < body.count, body[index] == UInt8(ascii: "}") { return (true, nil) }
        }
        while index < body.count {
            guard body[index] == UInt8(ascii: "\""), let keyEnd = scanner.stringEnd(from: index) else { return (false, nil) }
            let key = (index + 1)..<(keyEnd - 1)
            index = scanner.skipWhitespace(keyEnd)
            guard index < body.count, body[index] == UInt8(ascii: ":") else { return (false, nil) }
            let colon = index
            let valueStart = scanner.skipWhitespace(colon + 1)
            guard let valueEnd = scanner.valueEnd(from: valueStart, depth: 1) else { return (false, nil) }
            if payload == nil && Self.key(key, in: scanner, is: "payload") {
                payload = valueStart..<valueEnd
                remember(UnsafeBufferPointer(rebasing: body[...colon]), members: others)
            } else if !Self.isFramedKey(scanner, key) {
                others.append((key, valueStart..<valueEnd))
            }
            index = valueEnd
            switch Self.afterValue(scanner, &index) {
            case .end: return (true, payload)
            case .malformed: return (false, nil)
            case .member: continue
            }
        }
        return (false, nil)
    }

    private mutating func remember(_ bytes: UnsafeBufferPointer<UInt8>, members: [Member]) {
        prefix.removeAll(keepingCapacity: true)
        prefixMembers.removeAll(keepingCapacity: true)
        guard bytes.count <= Self.maximumPrefixBytes else { return }
        prefix.append(contentsOf: bytes)
        prefixMembers.append(contentsOf: members)
    }

    private enum Next { case member, end, malformed }

    /// Past a member's value: the closing brace, or a comma and the next key's start.
    @inline(__always)
    private static func afterValue(_ scanner: JSONScanner, _ index: inout Int) -> Next {
        index = scanner.skipWhitespace(index)
        guard index < scanner.bytes.count else { return .malformed }
        if scanner.bytes[index] == UInt8(ascii: "}") { return .end }
        guard scanner.bytes[index] == UInt8(ascii: ",") else { return .malformed }
        index = scanner.skipWhitespace(index + 1)
        return .member
    }

    /// Whether a body key repeats a framed field (the framing wins; the copy is left out).
    @inline(__always)
    private static func isFramedKey(_ scanner: JSONScanner, _ key: Range<Int>) -> Bool {
        key.count <= 4
            && (Self.key(key, in: scanner, is: "seq") || Self.key(key, in: scanner, is: "time")
                || Self.key(key, in: scanner, is: "tag") || Self.key(key, in: scanner, is: "uuid"))
    }

    /// Whether the key at `range` names `name` (escapes decoded); no array per comparison.
    @inline(__always)
    private static func key(_ range: Range<Int>, in scanner: JSONScanner, is name: StaticString) -> Bool {
        let count = name.utf8CodeUnitCount
        if range.count == count, System.bytesEqual(scanner.bytes.baseAddress! + range.lowerBound, name.utf8Start, count: count) { return true }
        guard range.count > count, scanner.bytes[range].contains(UInt8(ascii: "\\")) else { return false }
        return scanner.keyEquals(range, Array(UnsafeBufferPointer(start: name.utf8Start, count: count)))
    }
}
