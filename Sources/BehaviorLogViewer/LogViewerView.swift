#if canImport(SwiftUI) && canImport(WebKit) && canImport(UIKit)
import Foundation
import SwiftUI
import UIKit

/// The in-app viewer's screen in SwiftUI: ``LogViewerViewController`` in its navigation bar,
/// for a sheet of a debug menu:
///
/// ```swift
/// .sheet(isPresented: $showsLogs) {
///     LogViewerView(storeDirectory: history.directory, definitionsJSON: GeneratedSchema.definitionsJSON)
/// }
/// ```
///
/// The close button dismisses it; the server listens only while it is shown and the app is in
/// the foreground. Info.plist needs `NSAppTransportSecurity` › `NSAllowsLocalNetworking` = YES.
public struct LogViewerView: View {
    private let storeDirectory: URL
    private let definitionsJSON: String?
    @Environment(\.dismiss) private var dismiss

    /// - Parameters:
    ///   - storeDirectory: the history store to show, such as `LocalStoreOutput.directory`.
    ///   - definitionsJSON: `GeneratedSchema.definitionsJSON`, or `nil` for no definitions.
    public init(storeDirectory: URL, definitionsJSON: String?) {
        self.storeDirectory = storeDirectory
        self.definitionsJSON = definitionsJSON
    }

    public var body: some View {
        Screen(storeDirectory: storeDirectory, definitionsJSON: definitionsJSON, close: { dismiss() })
            .ignoresSafeArea()
    }

    /// The UIKit screen in a navigation controller.
    private struct Screen: UIViewControllerRepresentable {
        let storeDirectory: URL
        let definitionsJSON: String?
        let close: @MainActor () -> Void

        func makeUIViewController(context: Context) -> UINavigationController {
            do {
                let screen = try LogViewerViewController(storeDirectory: storeDirectory, definitionsJSON: definitionsJSON, onClose: close)
                return UINavigationController(rootViewController: screen)
            } catch {
                let message = UIViewController()
                let label = UILabel()
                label.text = error.description
                label.numberOfLines = 0
                message.view = label
                return UINavigationController(rootViewController: message)
            }
        }

        func updateUIViewController(_ controller: UINavigationController, context: Context) {}
    }
}
#endif
