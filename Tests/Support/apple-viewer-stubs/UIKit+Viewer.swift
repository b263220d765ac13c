// Stand-in additions to Tests/Support/apple-swift-stubs/UIKit.swift (compiled together into
// one `UIKit` module by Tests/Support/apple-viewer-check.sh): the declarations
// BehaviorLogViewer's LogViewerViewController and LogViewerView use, with the names, isolation
// and signatures of the iOS 18 SDK (developer.apple.com/documentation/uikit). It type-checks;
// nothing runs.

@MainActor
open class UIResponder: NSObject {}

@MainActor
open class UIView: UIResponder {
    public init(frame: CGRect) { super.init() }
}

@MainActor
open class UILabel: UIView {
    public convenience init() { self.init(frame: .zero) }
    open var text: String?
    open var numberOfLines: Int = 1
}

public typealias UIActionHandler = @MainActor (UIAction) -> Void

@MainActor
open class UIMenuElement: NSObject {}

@MainActor
open class UIAction: UIMenuElement {
    public convenience init(title: String = "", handler: @escaping UIActionHandler) { self.init() }
}

@MainActor
open class UIBarButtonItem: NSObject {
    public enum SystemItem: Int, Sendable {
        case done, cancel, edit, save, add, action, close
    }
    public convenience init(systemItem: SystemItem, primaryAction: UIAction? = nil, menu: AnyObject? = nil) { self.init() }
}

@MainActor
open class UINavigationItem: NSObject {
    open var leftBarButtonItem: UIBarButtonItem?
    open var rightBarButtonItem: UIBarButtonItem?
}

@MainActor
open class UIPopoverPresentationController: NSObject {
    open var barButtonItem: UIBarButtonItem?
}

@MainActor
open class UIViewController: UIResponder {
    public init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) { super.init() }
    public required init?(coder: NSCoder) { super.init() }
    public convenience override init() { self.init(nibName: nil, bundle: nil) }
    open var title: String?
    open var view: UIView!
    open var navigationItem: UINavigationItem { fatalError("stub") }
    open var popoverPresentationController: UIPopoverPresentationController? { nil }
    open func loadView() {}
    open func viewDidLoad() {}
    open func viewWillAppear(_ animated: Bool) {}
    open func viewDidDisappear(_ animated: Bool) {}
    open func present(_ viewControllerToPresent: UIViewController, animated flag: Bool, completion: (@MainActor @Sendable () -> Void)? = nil) {}
    open func dismiss(animated flag: Bool, completion: (@MainActor @Sendable () -> Void)? = nil) {}
}

@MainActor
open class UINavigationController: UIViewController {
    public init(rootViewController: UIViewController) { super.init(nibName: nil, bundle: nil) }
    public required init?(coder: NSCoder) { super.init(coder: coder) }
}

@MainActor
open class UIActivity: NSObject {}

@MainActor
open class UIActivityViewController: UIViewController {
    public init(activityItems: [Any], applicationActivities: [UIActivity]?) { super.init(nibName: nil, bundle: nil) }
    public required init?(coder: NSCoder) { super.init(coder: coder) }
}
