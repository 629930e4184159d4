@testable import ExpoCatalog
import Foundation
import Testing

/// The programs the guide starts run on a clock and die with it: past their time they are
/// killed with whatever they started, even when they ignore SIGTERM, and `stopAll` (what
/// SIGTERM and SIGINT do) kills them and removes their folders.
@Suite struct ProgramRunTests {
    let shell = URL(fileURLWithPath: "/bin/sh")

    /// Whether `pid` is gone, waiting up to two seconds for it (a killed program is
    /// collected by the system a moment later).
    private func gone(_ pid: pid_t) -> Bool {
        for _ in 0..<200 {
            let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)
            if stat == nil || stat!.contains(") Z ") { return true }
            usleep(10_000)
        }
        return false
    }

    @Test(.timeLimit(.minutes(1))) func aProgramPastItsTimeIsKilledWithWhatItStartedEvenIgnoringSIGTERM() throws {
        let run = ProgramRun.run(shell, ["-c", "trap '' TERM; sleep 120 & echo $!; wait"], timeout: .seconds(1),
                                 children: ChildProcesses())
        #expect(run.timedOut)
        #expect(!run.succeeded)
        let started = try #require(pid_t(String(decoding: run.output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)))
        #expect(gone(started), "the program's own child ran on")
    }

    @Test func aProgramWithinItsTimeGivesItsOutputAndStatus() {
        let run = ProgramRun.run(shell, ["-c", "echo out; echo err >&2; exit 3"], timeout: .seconds(30), children: ChildProcesses())
        #expect(!run.timedOut)
        #expect(run.status == 3)
        #expect(String(decoding: run.output, as: UTF8.self) == "out\n")
        #expect(run.firstError == "err")
    }

    /// Both streams are read at once, whatever their size: a program filling one pipe while
    /// the other is read would otherwise stop, and run into its time.
    @Test(.timeLimit(.minutes(1))) func largeOutputOnBothStreamsIsReadWhole() {
        let script = "i=0; while [ $i -lt 2000 ]; do printf '%0500d\\n' $i; printf '%0300d\\n' $i >&2; i=$((i+1)); done"
        let run = ProgramRun.run(shell, ["-c", script], timeout: .seconds(50), children: ChildProcesses())
        #expect(!run.timedOut)
        #expect(run.status == 0)
        #expect(run.output.count == 2000 * 501, "\(run.output.count) bytes of output")
        #expect(run.errors.utf8.count == 2000 * 301, "\(run.errors.utf8.count) bytes of errors")
        #expect(run.errors.hasSuffix(String(format: "%0300ld\n", 1999)))
    }

    @Test(.timeLimit(.minutes(1))) func stopAllKillsTheProgramsRemovesTheFoldersAndStartsNoMore() async throws {
        let children = ChildProcesses()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("expo1900-stop-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("half".utf8).write(to: folder.appendingPathComponent("part"))
        children.holding(folder)
        let shell = shell
        let running = Task.detached { ProgramRun.run(shell, ["-c", "trap '' TERM; sleep 120"], timeout: .seconds(120), children: children) }
        try await Task.sleep(for: .milliseconds(300))
        children.stopAll()
        let run = await running.value
        #expect(run.status != 0)
        #expect(!FileManager.default.fileExists(atPath: folder.path))
        let after = ProgramRun.run(shell, ["-c", "exit 0"], timeout: .seconds(5), children: children)
        #expect(after.status == -1 && after.errors == "the guide is stopping")
    }
}
