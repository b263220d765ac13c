import LogCore

/// How generated output names the definitions folder it comes from (the `DO NOT EDIT`
/// header of `loggen ddl`): as given when relative, so that the output is the same on every
/// machine. An absolute path becomes relative to the working directory when it lies inside
/// it, and the folder's own name otherwise; a trailing `/` is dropped.
func definitionsName(_ path: String) -> String {
    var path = path
    while path.count > 1 && path.hasSuffix("/") { path.removeLast() }
    guard path.hasPrefix("/") else { return path }
    if let directory = System.currentDirectory() {
        if path == directory { return "." }
        let prefix = directory.hasSuffix("/") ? directory : directory + "/"
        if path.hasPrefix(prefix) { return String(path.dropFirst(prefix.count)) }
    }
    return path.split(separator: "/").last.map(String.init) ?? path
}
