/// The viewer's page, style and script, compiled into the binary: nothing is read from disk
/// or fetched from elsewhere at run time, and no request path reaches the file system.
enum ViewerAssets {
    struct Asset: Sendable {
        var contentType: String
        var bytes: [UInt8]
    }

    /// Scripts and styles only from this server; no inline script, no other origin.
    static let contentSecurityPolicy =
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"

    private static let assets: [String: Asset] = [
        "/": Asset(contentType: "text/html; charset=utf-8", bytes: Array(viewerHTML.utf8)),
        "/viewer.css": Asset(contentType: "text/css; charset=utf-8", bytes: Array(viewerCSS.utf8)),
        "/viewer.js": Asset(contentType: "text/javascript; charset=utf-8", bytes: Array(viewerJavaScript.utf8)),
    ]

    /// The asset served at exactly this path.
    static func asset(at path: String) -> Asset? { assets[path] }
}
