import LogCore

/// Writes JSON text into an ``OutputBuffer``: escaped strings, numbers and whole values.
extension OutputBuffer {
    /// Appends `text` as a JSON string, quotes included.
    public mutating func appendJSONString(_ text: String) {
        var text = text
        text.withUTF8 { appendJSONString(bytes: $0) }
    }

    /// Appends UTF-8 bytes as a JSON string, quotes included, escaping what JSON requires.
    public mutating func appendJSONString(bytes text: UnsafeBufferPointer<UInt8>) {
        withRoom(6 * text.count + 2) { $0.writeJSONString(text) }
    }

    /// Appends a value as compact JSON, object members in their order.
    public mutating func appendJSON(_ value: JSONValue) {
        switch value {
        case .null: append("null")
        case .bool(let flag): append(flag ? "true" : "false")
        case .integer(let number): appendDecimal(number)
        case .double(let number): withRoom(JSONText.maximumDoubleCount) { $0.writeDouble(number) }
        case .string(let text): appendJSONString(text)
        case .array(let elements):
            append(UInt8(ascii: "["))
            for (index, element) in elements.enumerated() {
                if index > 0 { append(UInt8(ascii: ",")) }
                appendJSON(element)
            }
            append(UInt8(ascii: "]"))
        case .object(let members):
            append(UInt8(ascii: "{"))
            for (index, member) in members.enumerated() {
                if index > 0 { append(UInt8(ascii: ",")) }
                appendJSONString(member.key)
                append(UInt8(ascii: ":"))
                appendJSON(member.value)
            }
            append(UInt8(ascii: "}"))
        }
    }
}

extension JSONValue {
    /// The value as compact JSON text.
    public var jsonText: String {
        var buffer = OutputBuffer.collecting()
        buffer.appendJSON(self)
        return buffer.text
    }
}
