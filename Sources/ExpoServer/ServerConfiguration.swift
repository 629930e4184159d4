/// Where the server listens. The defaults are the ones the README promises.
public struct ServerConfiguration: Sendable, Equatable {
    public var host: String
    public var port: Int

    public init(host: String = "127.0.0.1", port: Int = 8080) {
        self.host = host
        self.port = port
    }
}
