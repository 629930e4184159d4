/// How long a session lasts: it ends after `idle` without a request, and after `absolute`
/// however active (a session left open on a shared computer does not last for ever).
public struct StudioSecurity: Sendable {
    public var idle: Duration
    public var absolute: Duration

    public init(idle: Duration = .seconds(30 * 60), absolute: Duration = .seconds(12 * 60 * 60)) {
        self.idle = idle
        self.absolute = absolute
    }
}
