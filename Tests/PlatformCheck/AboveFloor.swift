// expect: 3 (a fixture of mk/platform-check.py: APIs above iOS 16 / macOS 13; not compiled)
let wide: UInt128 = 1
func sendAll() async {
    await withDiscardingTaskGroup { group in group.addTask {} }
    if #available(iOS 17, macOS 14, *) {
        await withDiscardingTaskGroup { group in group.addTask {} }
    }
}
@available(iOS 18, macOS 15, *)
func hash(_ value: Int128) -> Int128 {
    value &* 31
}
@Observable final class Model {}
