/// A statement in a generated body.
public enum SwiftStatement: Hashable, Sendable {
    /// `target = value`
    case assignment(target: SwiftExpression, value: SwiftExpression)
    /// An expression on its own line, such as a call.
    case expression(SwiftExpression)
    /// `return value`
    case `return`(SwiftExpression)
}

/// An expression of the small subset generated code uses. Only the cases that hold an
/// expression are `indirect`: a name, a literal or an array needs no box of its own.
public enum SwiftExpression: Hashable, Sendable {
    /// A name in scope (`keyword`, `GeneratedSchema`).
    case identifier(String)
    /// `base.member`, or `.member` when `base` is `nil`.
    indirect case member(SwiftExpression?, String)
    /// `callee(label: argument, …)`
    indirect case call(SwiftExpression, [SwiftArgument])
    /// A string literal holding exactly this text.
    case string(String)
    /// An integer literal.
    case integer(Int64)
    /// A floating-point literal.
    case double(Double)
    /// An array literal `[a, b]`; the first argument of a constant's initializer call is
    /// printed one element per line.
    case array([SwiftExpression])
    /// `nil`
    case `nil`
    /// `self`
    case `self`
    /// `Self`
    case selfType
}

/// One argument of a call; `label` is `nil` for an unlabelled one.
public struct SwiftArgument: Hashable, Sendable {
    public var label: String?
    public var value: SwiftExpression

    public init(_ label: String?, _ value: SwiftExpression) {
        self.label = label
        self.value = value
    }
}
