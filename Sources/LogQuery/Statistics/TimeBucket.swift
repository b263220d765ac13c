import Foundation

/// A length of time that `stats --by` counts logs in: a minute, an hour or a day, on the
/// local clock (the `TZ` time zone), so that a day bucket starts at local midnight.
public enum TimeBucket: String, Hashable, Sendable, CaseIterable {
    case minute, hour, day

    /// The bucket's length in microseconds (a day may be an hour shorter or longer across a
    /// daylight-saving change; bucket starts are computed on the local clock regardless).
    var nominalMicroseconds: Int64 {
        switch self {
        case .minute: 60_000_000
        case .hour: 3_600_000_000
        case .day: 86_400_000_000
        }
    }
}
