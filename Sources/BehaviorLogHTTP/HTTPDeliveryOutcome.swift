/// What one HTTP POST of a chunk came to, as `HTTPResponseClassifier` reads it.
package enum HTTPDeliveryOutcome: Sendable, Equatable {
    /// 2xx: the backend has the logs.
    case accepted
    /// 5xx, 408, 429, a timeout or a connection error: send the same chunk again later,
    /// not before `after` seconds when the server said so (`Retry-After`).
    case retry(reason: String, after: Double?)
    /// Any other status (4xx): the backend will never take these logs; set them aside.
    case reject(reason: String)
}
