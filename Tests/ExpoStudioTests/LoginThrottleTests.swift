import Foundation
@testable import ExpoStudio
import Testing

/// The throttle's table dropped its older half at 10,000 keys, so a flood of made-up names
/// or addresses wiped a name's count. A name's count now outlives any flood.
@Suite struct LoginThrottleTests {
    @Test func aFloodOfOtherNamesAndAddressesDoesNotWipeANamesCount() {
        let clock = TestClock()
        let throttle = LoginThrottle { clock.now }
        for _ in 0..<6 {
            throttle.failed(["name ben", "address 203.0.113.9"])
            clock.advance(0.00001)
        }
        #expect(throttle.wait(for: ["name ben"]) > 0)
        for index in 0..<20_000 {
            throttle.failed(["name made-up-\(index)", "address 10.\(index >> 16).\((index >> 8) & 255).\(index & 255)"])
            clock.advance(0.00001)
        }
        // 0.2 s went by, within the 2 s a sixth failure waits.
        #expect(throttle.wait(for: ["name ben"]) > 0, "still slowed after 20,000 other failures")
        #expect(throttle.wait(for: ["name ben", "address 198.51.100.1"]) > 0, "from any address")
    }

    @Test func aNamesCountIsForgottenAnHourAfterItsLastFailure() {
        let clock = TestClock()
        let throttle = LoginThrottle { clock.now }
        for _ in 0..<8 { throttle.failed(["name ben"]) }
        #expect(throttle.wait(for: ["name ben"]) > 0)
        clock.advance(61 * 60)
        #expect(throttle.wait(for: ["name ben"]) == 0)
        throttle.failed(["name ben"])
        #expect(throttle.wait(for: ["name ben"]) == 0, "one failure after the hour is the first again")
    }
}
