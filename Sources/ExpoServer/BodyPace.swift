import NIOCore

/// The slowest a large request body (an upload holding room in `LargeBodies`) may arrive.
/// The idle timeout alone restarts at every byte, so a client sending one byte every 20
/// seconds held 256 MB of the budget for days; a body slower than this is cut off and its
/// room given back.
public struct BodyPace: Sendable, Equatable {
    /// How long a body may take before its pace is judged: a phone's first seconds (a radio
    /// waking up, TCP's slow start) say little about its speed.
    public var grace: TimeAmount
    /// Bytes a second, averaged since the body began, once the grace is over.
    public var minimumRate: Int

    /// 16 KiB/s (128 kbit/s) after 10 s. A phone on a poor 3G or busy 4G link sends at
    /// 300 kbit/s or more, and even EDGE manages about 100–200 kbit/s, so a person on a
    /// slow upload stays above it; a 20 MB photo at exactly this pace takes 21 minutes. A
    /// client holding room while sending next to nothing is cut off in seconds, not days.
    public static let standard = BodyPace(grace: .seconds(10), minimumRate: 16 << 10)

    public init(grace: TimeAmount, minimumRate: Int) {
        self.grace = grace
        self.minimumRate = minimumRate
    }

    /// Whether `received` bytes in `elapsed` since the body began is too slow.
    func isTooSlow(received: Int, elapsed: TimeAmount) -> Bool {
        guard elapsed >= grace else { return false }
        return Double(received) < Double(minimumRate) * Double(elapsed.nanoseconds) / 1e9
    }

    /// How the refusal says it, in the words of the other plain-text refusals.
    var refusal: String {
        "The upload arrived too slowly (less than \(minimumRate >> 10) KiB a second); send it again over a faster connection\n"
    }
}
