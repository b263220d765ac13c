/// Fixed limits of the on-disk format.
public enum LogStoreLimits {
    /// The longest tag, in UTF-8 bytes.
    public static let maximumTagBytes = 1024
    /// The largest record, framing included (16 MiB).
    public static let maximumRecordBytes = 16 << 20
}
