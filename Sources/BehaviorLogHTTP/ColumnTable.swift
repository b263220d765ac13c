import LogCore
import LogCoreTools
import LogStore

/// What `ClickHouseRowEncoder` needs to know of a column, looked up by the key's bytes in
/// place: an open-addressing table over one byte array, so a lookup builds no `String` and
/// allocates nothing (it runs for every member of every log).
struct ColumnTable: Sendable {
    /// What a column is.
    struct Traits: OptionSet, Sendable {
        let rawValue: UInt8
        /// A `DateTime` column (or an array of them): the value is rewritten.
        static let moment = Traits(rawValue: 1)
        /// The moment column has a `<name>_ms` companion.
        static let millisecondsColumn = Traits(rawValue: 2)
        /// Not `Nullable`: a `null` is left out.
        static let withoutNull = Traits(rawValue: 4)
    }

    private struct Slot: Sendable {
        var offset: Int32 = -1
        var length: Int32 = 0
        var traits: Traits = []
    }

    private var names: [UInt8] = []
    private var slots: [Slot]
    private let mask: Int

    init(momentColumns: [String: Bool], columnsWithoutNull: Set<String>) {
        var traits: [String: Traits] = [:]
        for (name, companion) in momentColumns { traits[name, default: []].insert(companion ? [.moment, .millisecondsColumn] : .moment) }
        for name in columnsWithoutNull { traits[name, default: []].insert(.withoutNull) }
        var capacity = 16
        while capacity < traits.count * 2 { capacity *= 2 }
        slots = Array(repeating: Slot(), count: capacity)
        mask = capacity - 1
        for (name, columnTraits) in traits.sorted(by: { $0.key < $1.key }) {
            let bytes = Array(name.utf8)
            var index = bytes.withUnsafeBufferPointer { Self.hash($0) } & mask
            while slots[index].offset >= 0 { index = (index + 1) & mask }
            slots[index] = Slot(offset: Int32(names.count), length: Int32(bytes.count), traits: columnTraits)
            names.append(contentsOf: bytes)
        }
    }

    /// The traits of the column named `name`; none for a column the table does not know.
    func lookUp(_ name: UnsafeBufferPointer<UInt8>) -> Traits {
        var index = Self.hash(name) & mask
        return slots.withUnsafeBufferPointer { slots in
            names.withUnsafeBufferPointer { names in
                while true {
                    let slot = slots[index]
                    if slot.offset < 0 { return [] }
                    if Int(slot.length) == name.count,
                        name.isEmpty || System.bytesEqual(names.baseAddress! + Int(slot.offset), name.baseAddress!, count: name.count)
                    {
                        return slot.traits
                    }
                    index = (index + 1) & mask
                }
            }
        }
    }

    /// FNV-1a over the bytes.
    private static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        Int(truncatingIfNeeded: FNV1a64.hash(bytes))
    }
}
