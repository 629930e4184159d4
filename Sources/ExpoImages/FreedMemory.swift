/// Memory freed by worker threads (decoding a photo, making a guide's indexes) stays with
/// glibc's per-thread arenas unless it is asked to give it back: a server that decodes
/// photos now and then would otherwise grow to the sum of every thread's busiest moment.
public enum FreedMemory {
    /// Gives the memory freed so far back to the system.
    public static func giveBack() {
        #if os(Linux)
        _ = glibcMallocTrim(0)
        #endif
    }
}

#if os(Linux)
/// glibc's `malloc_trim`, which its Swift module does not declare.
@_silgen_name("malloc_trim")
private func glibcMallocTrim(_ pad: Int) -> Int32
#endif
