/// Memory freed by worker threads (decoding a photo, making a guide's indexes) stays with
/// glibc's per-thread arenas unless it is asked to give it back: a server that decodes
/// photos now and then would otherwise grow to the sum of every thread's busiest moment.
public enum FreedMemory {
    /// Lets every thread allocate from at most `count` of glibc's arenas (it makes up to
    /// eight per core). The studio decodes photos on whichever threads are free: with an
    /// arena each, their freed memory stayed spread over all of them. 100 photos sent in a
    /// row, read once idle after every 10th: 188 to 228 MiB, never settling, by default;
    /// 134 to 136 MiB with two arenas.
    public static func useArenas(_ count: Int32) {
        #if os(Linux)
        // M_ARENA_MAX in glibc's malloc.h.
        _ = glibcMallopt(-8, count)
        #endif
    }

    /// Gives the memory freed so far back to the system.
    public static func giveBack() {
        #if os(Linux)
        _ = glibcMallocTrim(0)
        #endif
    }
}

#if os(Linux)
/// glibc's `mallopt`, which its Swift module does not declare.
@_silgen_name("mallopt")
private func glibcMallopt(_ parameter: Int32, _ value: Int32) -> Int32

/// glibc's `malloc_trim`, which its Swift module does not declare.
@_silgen_name("malloc_trim")
private func glibcMallocTrim(_ pad: Int) -> Int32
#endif
