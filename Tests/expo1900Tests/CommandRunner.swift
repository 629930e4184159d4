import Foundation
import Synchronization

/// Runs the built `expo1900` program, as a user would from a shell.
struct CommandRunner {
    struct Output {
        var status: Int32
        var standardOutput: String
        var standardError: String
    }

    /// The program sits beside the test bundle in the build folder.
    static var program: URL {
        // On Linux the tests run as the binary `…/debug/Expo1900PackageTests.xctest`
        // (/proc/self/exe); on macOS, /proc does not exist and the tests are the bundle
        // `…/debug/Expo1900PackageTests.xctest` that the `xctest` tool loads.
        let testBinary = FileManager.default.fileExists(atPath: "/proc/self/exe")
            ? URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
            : Bundle.allBundles.first { $0.bundlePath.hasSuffix(".xctest") }?.bundleURL ?? Bundle.main.bundleURL
        var folder = testBinary.deletingLastPathComponent()
        while !FileManager.default.fileExists(atPath: folder.appendingPathComponent("expo1900").path), folder.path != "/" {
            folder.deleteLastPathComponent()
        }
        return folder.appendingPathComponent("expo1900")
    }

    /// `environment` adds to the test's own. `timeout`: the program is stopped after so many
    /// seconds, so that a hang fails the test instead of stopping the run. `standardInput`:
    /// what the program reads, from a file rather than a pipe, so that a program that stops
    /// reading early (as `users add` does after its first line) cannot leave the test
    /// writing into a pipe nobody reads; without it, the program reads nothing (never the
    /// terminal the tests were started from, where it would wait for a person).
    static func run(
        _ arguments: [String], environment: [String: String] = [:], standardInput: Data? = nil, timeout: Double? = nil
    ) throws -> Output {
        let process = Process()
        process.executableURL = program
        process.arguments = arguments
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        }
        if let standardInput {
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("expo1900-input-\(UUID().uuidString)")
            try standardInput.write(to: file)
            defer { try? FileManager.default.removeItem(at: file) }
            process.standardInput = try FileHandle(forReadingFrom: file)
        } else {
            process.standardInput = FileHandle.nullDevice
        }
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        if let timeout {
            DispatchQueue.global().asyncAfter(deadline: .now() + timeout) { [process] in
                if process.isRunning { process.terminate() }
            }
        }
        // Both pipes are drained at once: a program that fills one while the other is read
        // (thousands of warnings on standard error) would otherwise wait forever.
        let errorOutput = Mutex(Data())
        let drained = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            let data = err.fileHandleForReading.readDataToEndOfFile()
            errorOutput.withLock { $0 = data }
            drained.signal()
        }
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        drained.wait()
        let errData = errorOutput.withLock { $0 }
        process.waitUntilExit()
        return Output(
            status: process.terminationStatus,
            standardOutput: String(decoding: outData, as: UTF8.self),
            standardError: String(decoding: errData, as: UTF8.self))
    }
}
