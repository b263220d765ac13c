// Stand-in for Apple's `WebKit`, for Tests/Support/apple-viewer-check.sh: the declarations
// LogViewerViewController uses, with the names, isolation and signatures of the iOS 18 SDK
// (developer.apple.com/documentation/webkit/wkwebview). It type-checks; nothing runs.
@_exported import Foundation
#if canImport(FoundationNetworking)
@_exported import FoundationNetworking  // URLRequest, which Apple's Foundation has itself
#endif
import UIKit

@MainActor
open class WKWebsiteDataStore: NSObject {
    open class func nonPersistent() -> WKWebsiteDataStore { fatalError("stub") }
}

@MainActor
open class WKWebViewConfiguration: NSObject {
    open var websiteDataStore: WKWebsiteDataStore {
        get { fatalError("stub") }
        set {}
    }
}

@MainActor
open class WKNavigation: NSObject {}

@MainActor
open class WKWebView: UIView {
    public init(frame: CGRect, configuration: WKWebViewConfiguration) { super.init(frame: frame) }
    @discardableResult open func load(_ request: URLRequest) -> WKNavigation? { nil }
    @discardableResult open func loadHTMLString(_ string: String, baseURL: URL?) -> WKNavigation? { nil }
    /// The SDK's async form of `evaluateJavaScript(_:completionHandler:)`.
    open func evaluateJavaScript(_ javaScriptString: String) async throws -> Any { fatalError("stub") }
}
