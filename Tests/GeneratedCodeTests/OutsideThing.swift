import BehaviorLog

/// The external type the hostile fixture names without declaring it (`OutsideThing`):
/// generated code only requires it to conform to `LogValueConvertible`.
public struct OutsideThing: LogValueConvertible, Hashable, Sendable {
    public var code: Int
    public init(code: Int) { self.code = code }
    public var logValue: LogValue { .string("outside-\(code)") }
}
