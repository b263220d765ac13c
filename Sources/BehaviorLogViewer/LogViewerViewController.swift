#if canImport(WebKit) && canImport(UIKit)
import Foundation
import UIKit
import WebKit

/// The in-app viewer's screen in UIKit: ``InAppLogViewer``'s page in a `WKWebView`, a close
/// button and a share action for the selected log's JSON. Present it in a navigation
/// controller (for its bar buttons):
///
/// ```swift
/// let screen = try LogViewerViewController(storeDirectory: history.directory, definitionsJSON: GeneratedSchema.definitionsJSON)
/// present(UINavigationController(rootViewController: screen), animated: true)
/// ```
///
/// The server listens only while the screen is visible and the app is in the foreground: it
/// starts when the screen appears or the app returns to the foreground, and stops when the
/// screen disappears or the app enters the background. The page is on `http://127.0.0.1`,
/// so the app's Info.plist needs `NSAppTransportSecurity` › `NSAllowsLocalNetworking` = YES.
@MainActor
public final class LogViewerViewController: UIViewController {
    /// The server this screen shows.
    public let viewer: InAppLogViewer
    private let onClose: (@MainActor () -> Void)?
    private var webView: WKWebView?
    private var isVisible = false
    // Written once on the main actor (viewDidLoad), read by deinit, which is nonisolated.
    nonisolated(unsafe) private var observers: [any NSObjectProtocol] = []

    /// - Parameters:
    ///   - viewer: the server to show.
    ///   - onClose: what the close button does; dismissing the screen when `nil`.
    public init(viewer: InAppLogViewer, onClose: (@MainActor () -> Void)? = nil) {
        self.viewer = viewer
        self.onClose = onClose
        super.init(nibName: nil, bundle: nil)
        title = "Logs"
    }

    /// A screen over the store at `storeDirectory`, with the definitions compiled into the app.
    /// - Throws: ``InAppLogViewerError`` when the definitions do not decode.
    public convenience init(storeDirectory: URL, definitionsJSON: String?, onClose: (@MainActor () -> Void)? = nil) throws(InAppLogViewerError) {
        self.init(viewer: try InAppLogViewer(storeDirectory: storeDirectory, definitionsJSON: definitionsJSON), onClose: onClose)
    }

    @available(*, unavailable)
    required init?(coder: NSCoder) { fatalError("LogViewerViewController is made in code") }

    override public func loadView() {
        // Nothing of the page reaches the disk: no cookie (the token's), no cache, no history.
        let configuration = WKWebViewConfiguration()
        configuration.websiteDataStore = .nonPersistent()
        let webView = WKWebView(frame: .zero, configuration: configuration)
        self.webView = webView
        view = webView
    }

    override public func viewDidLoad() {
        super.viewDidLoad()
        navigationItem.leftBarButtonItem = UIBarButtonItem(
            systemItem: .close, primaryAction: UIAction { [weak self] _ in self?.close() })
        navigationItem.rightBarButtonItem = UIBarButtonItem(
            systemItem: .action, primaryAction: UIAction { [weak self] _ in self?.shareSelectedLog() })
        let center = NotificationCenter.default
        observers = [
            center.addObserver(forName: UIApplication.didEnterBackgroundNotification, object: nil, queue: .main) { [weak self] _ in
                MainActor.assumeIsolated { self?.stopServing() }
            },
            center.addObserver(forName: UIApplication.willEnterForegroundNotification, object: nil, queue: .main) { [weak self] _ in
                MainActor.assumeIsolated {
                    guard let self, self.isVisible else { return }
                    self.startServing()
                }
            },
        ]
    }

    override public func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        isVisible = true
        startServing()
    }

    override public func viewDidDisappear(_ animated: Bool) {
        super.viewDidDisappear(animated)
        isVisible = false
        stopServing()
    }

    deinit {
        for observer in observers { NotificationCenter.default.removeObserver(observer) }
        viewer.stop()
    }

    private func startServing() {
        do {
            let url = try viewer.start()
            webView?.load(URLRequest(url: url))
        } catch {
            webView?.loadHTMLString("<p style=\"font: -apple-system-body\">" + Self.escapedHTML(error.description) + "</p>", baseURL: nil)
        }
    }

    private func stopServing() {
        viewer.stop()
    }

    private func close() {
        if let onClose { onClose() } else { dismiss(animated: true) }
    }

    /// Shares the selected log's JSON (the page's `selectedLogJSON()`); nothing when none is selected.
    private func shareSelectedLog() {
        guard let webView else { return }
        Task { @MainActor [weak self] in
            // The script returns a string in every case: a JavaScript null would reach Swift as a nil `Any`.
            guard let json = try? await webView.evaluateJavaScript("selectedLogJSON() || ''") as? String, !json.isEmpty, let self else { return }
            let sheet = UIActivityViewController(activityItems: [json], applicationActivities: nil)
            sheet.popoverPresentationController?.barButtonItem = self.navigationItem.rightBarButtonItem
            self.present(sheet, animated: true)
        }
    }

    static func escapedHTML(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
    }
}
#endif
