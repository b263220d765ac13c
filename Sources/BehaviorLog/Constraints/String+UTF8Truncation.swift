extension String {
    /// The longest prefix of whole characters that fits in `maxBytes` UTF-8 bytes.
    ///
    /// A character (grapheme cluster) is never split, so the result is always valid text:
    /// `"café".truncatedToUTF8(count: 4)` is `"caf"`, not `"caf\u{FFFD}"`.
    func truncatedToUTF8(count maxBytes: Int) -> String {
        if utf8.count <= maxBytes { return self }
        var bytes = 0
        var end = startIndex
        for character in self {
            let width = character.utf8.count
            if bytes + width > maxBytes { break }
            bytes += width
            end = index(after: end)
        }
        return String(self[..<end])
    }
}
