// The logger the lifecycle helpers drive. (One line of its own: the helpers know only
// `LifecycleLogging`, so renaming the logger type changes this file alone.)
extension BehaviorLogger: LifecycleLogging {}
