/// The origins a studio form may come from: the studio's own addresses, never the `Host` a
/// request names. A page at `attacker.example` whose name was pointed at this machine (DNS
/// rebinding) sends that name in both `Host` and `Origin`, so comparing the two proves nothing.
public struct StudioOrigins: Sendable, Equatable {
    /// The public origin a TLS proxy or the studio's own certificate serves it at, such as
    /// `https://studio.museum.example` (`--studio-origin`, else `--base-url`'s origin).
    public var configured: String?
    /// The address the server was told to listen on (`--host`).
    public var host: String?

    public init(configured: String? = nil, host: String? = nil) {
        self.configured = configured
        self.host = host
    }

    /// Those accepted for a connection to `port` of this machine: the configured one, and
    /// this machine's own names at the port the server listens on. No page of another site
    /// can have a loopback origin, so those stay safe behind a proxy too.
    func accepted(secure: Bool, port: Int?) -> Set<String> {
        var origins: Set<String> = configured.map { [$0] } ?? []
        guard let port else { return origins }
        let scheme = secure ? "https" : "http"
        let names = ["127.0.0.1", "localhost", "[::1]"] + (host.map { [$0.contains(":") && !$0.hasPrefix("[") ? "[\($0)]" : $0] } ?? [])
        // A browser leaves out the scheme's own port.
        let isDefault = port == (secure ? 443 : 80)
        for name in names {
            origins.insert("\(scheme)://\(name):\(port)")
            if isDefault { origins.insert("\(scheme)://\(name)") }
        }
        return origins
    }
}
