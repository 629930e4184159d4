import Testing
@testable import ExpoServer

@Suite struct ServerConfigurationTests {
    @Test func listensOnLoopbackPort8080ByDefault() {
        #expect(ServerConfiguration() == ServerConfiguration(host: "127.0.0.1", port: 8080))
    }
}
