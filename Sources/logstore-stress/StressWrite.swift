import CommandLineSupport
import Foundation
import LogStore

/// `logstore-stress write`: appends checkable records and reports each durable point.
func stressWrite(store: String, count: Int, syncEvery: Int, payloadBytes: Int, segmentBytes: Int) throws -> Int32 {
    let configuration = try LogStoreConfiguration(
        segmentBytes: segmentBytes, syncEveryRecords: Int.max / 2, syncInterval: .seconds(Int32.max),
        maximumTotalBytes: nil, maximumAge: nil)
    let writer = try LogStoreWriter(directory: store, configuration: configuration)
    var sinceSync = 0
    for _ in 0..<count {
        let sequence = writer.lastSequence + 1
        try writer.append(LogEntry(tag: "stress.write", timestamp: .now(), payload: StressPayload.make(sequence: sequence, bytes: payloadBytes)))
        sinceSync += 1
        if sinceSync == syncEvery {
            writeToStandardOutput("durable \(try writer.sync())\n")
            fflush(nil)  // the durable line must reach the pipe before a kill
            sinceSync = 0
        }
    }
    writeToStandardOutput("durable \(try writer.sync())\n")
    try writer.close()
    return 0
}
