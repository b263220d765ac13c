import LogSchema

/// The order problems are shown in: by location (problems of no file first), and for
/// one location, in the order they were found.
enum DiagnosticOrder {
    static func sorted(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        diagnostics.enumerated().sorted { left, right in
            switch (left.element.location, right.element.location) {
            case (nil, nil): return left.offset < right.offset
            case (nil, _): return true
            case (_, nil): return false
            case (let l?, let r?): return l == r ? left.offset < right.offset : l < r
            }
        }.map(\.element)
    }
}
