import LogCore
import LogCoreTools
import LogStore

/// Whether and how output is coloured: on a terminal, unless `NO_COLOR` is set
/// (https://no-color.org) or `TERM` is `dumb`.
public struct TerminalStyle: Hashable, Sendable {
    /// Whether ANSI colour sequences are written.
    public var usesColor: Bool

    public init(usesColor: Bool) {
        self.usesColor = usesColor
    }

    /// No colour: for files, pipes and goldens.
    public static let plain = TerminalStyle(usesColor: false)

    /// The style for a file descriptor: colour when it is a terminal and the environment allows it.
    public static func detect(descriptor: Int32 = 1, environment: [String: String]) -> TerminalStyle {
        TerminalStyle(usesColor: isTerminal(descriptor) && allowsColor(environment))
    }

    /// Whether the environment allows colour: `NO_COLOR` unset or empty, and a `TERM` other than `dumb`.
    public static func allowsColor(_ environment: [String: String]) -> Bool {
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return false }
        return environment["TERM"] != "dumb"
    }

    /// Whether the file descriptor is a terminal (`isatty`).
    public static func isTerminal(_ descriptor: Int32) -> Bool {
        System.isTerminal(descriptor)
    }

    /// An ANSI SGR code.
    public enum Color: String, Hashable, Sendable, CaseIterable {
        case bold = "1", dim = "2", red = "31", green = "32", yellow = "33", blue = "34", magenta = "35", cyan = "36",
            brightGreen = "92", brightYellow = "93", brightBlue = "94", brightMagenta = "95", brightCyan = "96"
    }

    /// The colours given to categories (red is kept for problems).
    static let categoryPalette: [Color] = [.green, .yellow, .blue, .magenta, .cyan, .brightGreen, .brightYellow, .brightBlue, .brightMagenta, .brightCyan]

    /// The colour of a category: the same for the same name in every run (FNV-1a of its bytes).
    public static func color(forCategory category: some StringProtocol) -> Color {
        let hash = FNV1a32.hash(category.utf8)
        return categoryPalette[Int(hash % UInt32(categoryPalette.count))]
    }

    /// `text` in `color`, or as it is without colour.
    public func paint(_ text: String, _ color: Color) -> String {
        usesColor ? "\u{1B}[\(color.rawValue)m\(text)\u{1B}[0m" : text
    }
}
