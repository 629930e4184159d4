import Foundation
import NIOCore
import NIOPosix
import Testing
@testable import ExpoServer

/// One event loop per core, pinned when the guide may use exactly those cores.
@Suite struct ServingLoopsTests {
    @Test func theKernelsListsOfCPUsAreRead() {
        #expect(ServingLoops.list("0-1\n") == [0, 1])
        #expect(ServingLoops.list("0-3,8,10-11") == [0, 1, 2, 3, 8, 10, 11])
        #expect(ServingLoops.list("5") == [5])
        for broken in ["", "\n", "a", "3-1", "-1", "1-", "1-2-3", "0,,2", "99999"] {
            #expect(ServingLoops.list(broken) == nil, "\(broken.debugDescription)")
        }
    }

    @Test func loopsArePinnedOnlyToCoresTheGuideMayUseAndAreOnline() {
        let status = "Name:\texpo1900\nCpus_allowed:\t3\nCpus_allowed_list:\t0-3\nMems_allowed_list:\t0\n"
        #expect(ServingLoops.pinnable(allowed: status, online: "0-3\n", loops: 4) == [0, 1, 2, 3])
        // taskset -c 2,3: the loops go to those two.
        #expect(ServingLoops.pinnable(allowed: status.replacingOccurrences(of: "0-3", with: "2,3"), online: "0-3", loops: 2) == [2, 3])
        // A core offline is no place for a loop: three cores for four loops pins none.
        #expect(ServingLoops.pinnable(allowed: status, online: "0-2", loops: 4) == nil)
        // A quota of two cores on a four-core machine: left to the scheduler.
        #expect(ServingLoops.pinnable(allowed: status, online: "0-3", loops: 2) == nil)
        #expect(ServingLoops.pinnable(allowed: status, online: "0-3", loops: 1) == nil, "one loop needs no pinning")
        #expect(ServingLoops.pinnable(allowed: nil, online: "0-3", loops: 4) == nil)
        #expect(ServingLoops.pinnable(allowed: "Name:\tx\n", online: "0-3", loops: 4) == nil)
    }

    @Test func onThisMachineEachLoopRunsOnTheCoreItWasGiven() throws {
        let cpus = ServingLoops.pinnable(allowed: try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
                                         online: try? String(contentsOfFile: "/sys/devices/system/cpu/online", encoding: .utf8),
                                         loops: System.coreCount)
        let group = ServingLoops.group
        var seen: [String] = []
        for loop in group.makeIterator() {
            seen.append(try loop.submit {
                let status = (try? String(contentsOfFile: "/proc/thread-self/status", encoding: .utf8)) ?? ""
                return status.split(separator: "\n").first { $0.hasPrefix("Cpus_allowed_list:") }
                    .map { $0.dropFirst("Cpus_allowed_list:".count).trimmingCharacters(in: .whitespaces) } ?? "?"
            }.wait())
        }
        guard let cpus else {
            print("ServingLoopsTests: the loops are not pinned here (\(System.coreCount) loop(s) for CPUs the process may use); checking they are the shared group")
            #expect(group === MultiThreadedEventLoopGroup.singleton)
            return
        }
        #expect(seen.sorted() == cpus.map(String.init), "each loop on one core of its own: \(seen)")
    }
}
