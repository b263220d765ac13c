// expect: 4 (a fixture of mk/platform-check.py: a build plugin's APIs above macOS 10.15; not compiled)
import Foundation
let output = workDirectory.appending(path: "Generated")
let files = folder.appending(component: "a.md")
let path = output.path(percentEncoded: false)
let here = URL(filePath: "/tmp")
let fine = workDirectory.appendingPathComponent("Generated")
if #available(macOS 13, *) {
    let guarded = workDirectory.appending(path: "Generated")
}
