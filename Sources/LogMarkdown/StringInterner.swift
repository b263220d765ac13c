/// Hands out one shared instance of equal strings: field names and descriptions repeat
/// across events (one name, one meaning), and sharing them keeps a large schema small.
final class StringInterner {
    private var strings = Set<String>()

    func intern(_ string: String) -> String {
        if string.utf8.count <= 15 { return string }  // small strings are stored inline anyway
        return strings.insert(string).memberAfterInsert
    }
}
