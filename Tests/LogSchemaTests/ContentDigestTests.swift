import Testing
@testable import LogSchema

@Suite struct ContentDigestTests {
    func digest(_ text: String) -> ContentDigest {
        var digest = ContentDigest()
        digest.combine(text)
        return digest
    }

    @Test func isStableAcrossRuns() {
        // A cache written by one run is read by the next: the value must never depend on
        // the process (as Swift's `Hasher` does).
        #expect(digest("").hex == "226e040144470ef3")
        #expect(digest("# recipe_search\n\nEvents of the search screen.\n").hex == "46b106df0f49d080")
    }

    @Test func everyByteCounts() {
        let text = "# recipe_search\n\nEvents of the search screen (with a tail of 7).\n"
        let base = digest(text)
        var seen: Set<UInt64> = [base.value]
        for index in text.utf8.indices {
            var bytes = Array(text.utf8)
            bytes[text.utf8.distance(from: text.utf8.startIndex, to: index)] ^= 0x01
            let changed = bytes.withUnsafeBytes { ContentDigest(of: $0) }
            #expect(seen.insert(changed.value).inserted, "flipping a bit of byte \(index) changes the digest")
        }
        #expect(digest("ab").value != digest("ab\0").value, "trailing zero bytes count")
        var split = ContentDigest()
        split.combine("a")
        split.combine("b")
        #expect(split != digest("ab"), "concatenations stay apart")
    }
}
