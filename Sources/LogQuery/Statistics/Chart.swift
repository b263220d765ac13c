/// Terminal charts of counts: horizontal bars and one-line sparklines, in Unicode block
/// characters.
public enum Chart {
    /// The eight heights of a sparkline, lowest first.
    static let sparks: [Character] = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]
    /// The eighths of a bar's last cell.
    static let eighths: [Character] = ["", "▏", "▎", "▍", "▌", "▋", "▊", "▉"].map { $0.first ?? " " }

    /// A bar `width` cells long at `count == maximum`, in eighths of a cell; a non-zero
    /// count always shows at least an eighth.
    public static func bar(_ count: Int, maximum: Int, width: Int) -> String {
        guard maximum > 0, count > 0 else { return "" }
        let eighthsTotal = max(1, Int((Double(count) / Double(maximum) * Double(width * 8)).rounded()))
        var text = String(repeating: "█", count: eighthsTotal / 8)
        if eighthsTotal % 8 > 0 { text.append(eighths[eighthsTotal % 8]) }
        return text
    }

    /// One character per count, its height in eight steps from zero to the maximum; with
    /// more counts than `width`, neighbouring counts are added together first.
    public static func sparkline(_ counts: [Int], width: Int = 80) -> String {
        guard !counts.isEmpty else { return "" }
        let groups = Int((Double(counts.count) / Double(max(1, width))).rounded(.up))
        var merged: [Int] = []
        var index = 0
        while index < counts.count {
            merged.append(counts[index..<min(counts.count, index + groups)].reduce(0, +))
            index += groups
        }
        let maximum = merged.max() ?? 0
        return String(
            merged.map { count -> Character in
                guard maximum > 0, count > 0 else { return count == 0 && maximum > 0 ? " " : sparks[0] }
                return sparks[min(7, Int(Double(count) / Double(maximum) * 7.999))]
            })
    }
}
