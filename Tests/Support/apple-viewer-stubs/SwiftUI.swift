// Stand-in for Apple's `SwiftUI`, for Tests/Support/apple-viewer-check.sh: the declarations
// LogViewerView uses, with the names, isolation and signatures of the iOS 18 SDK
// (developer.apple.com/documentation/swiftui). It type-checks; nothing runs.
@_exported import Foundation
import UIKit

@MainActor @preconcurrency
public protocol View {
    associatedtype Body: View
    @ViewBuilder @MainActor @preconcurrency var body: Self.Body { get }
}

extension Never: View {
    public typealias Body = Never
    public var body: Never { fatalError("stub") }
}

@resultBuilder
public struct ViewBuilder {
    public static func buildBlock<Content: View>(_ content: Content) -> Content { content }
}

public struct ModifiedContent<Content: View>: View {
    public var body: Never { fatalError("stub") }
}

extension View {
    public func ignoresSafeArea() -> some View { ModifiedContent<Self>() }
}

public protocol DynamicProperty {}

@propertyWrapper
public struct Environment<Value>: DynamicProperty {
    public init(_ keyPath: KeyPath<EnvironmentValues, Value>) {}
    nonisolated public var wrappedValue: Value { fatalError("stub") }
}

public struct EnvironmentValues {
    public var dismiss: DismissAction { fatalError("stub") }
}

@MainActor @preconcurrency
public struct DismissAction {
    public func callAsFunction() {}
}

@MainActor @preconcurrency
public protocol UIViewControllerRepresentable: View where Body == Never {
    associatedtype UIViewControllerType: UIViewController
    typealias Context = UIViewControllerRepresentableContext<Self>
    @MainActor @preconcurrency func makeUIViewController(context: Context) -> UIViewControllerType
    @MainActor @preconcurrency func updateUIViewController(_ uiViewController: UIViewControllerType, context: Context)
}

extension UIViewControllerRepresentable {
    public var body: Never { fatalError("stub") }
}

@MainActor @preconcurrency
public struct UIViewControllerRepresentableContext<Representable: UIViewControllerRepresentable> {}

// What the docs' debug-menu snippets (README.md, docs/InAppViewer.md) use around LogViewerView.

@propertyWrapper
public struct Binding<Value> {
    public init(get: @escaping () -> Value, set: @escaping (Value) -> Void) {}
    public var wrappedValue: Value {
        get { fatalError("stub") }
        nonmutating set {}
    }
    public var projectedValue: Binding<Value> { self }
}

@propertyWrapper
public struct State<Value>: DynamicProperty {
    public init(wrappedValue value: Value) {}
    public var wrappedValue: Value {
        get { fatalError("stub") }
        nonmutating set {}
    }
    public var projectedValue: Binding<Value> { fatalError("stub") }
}

public struct Text: View {
    public init(_ content: String) {}
    public var body: Never { fatalError("stub") }
}

@MainActor @preconcurrency
public struct Button<Label: View>: View {
    public var body: Never { fatalError("stub") }
}

extension Button where Label == Text {
    public init(_ titleKey: String, action: @escaping @MainActor () -> Void) {}
}

extension View {
    public func sheet<Content: View>(
        isPresented: Binding<Bool>, onDismiss: (() -> Void)? = nil, @ViewBuilder content: @escaping () -> Content
    ) -> some View { ModifiedContent<Self>() }
}
