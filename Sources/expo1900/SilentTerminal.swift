import Foundation

/// The terminal on standard input with its echo off, for as long as a password is typed.
/// A person who presses Ctrl-C (or whose window closes) mid-password must not be left with
/// a shell that no longer shows what they type, so the signals that end the command first
/// put the terminal back as it was.
final class SilentTerminal {
    private var saved = termios()
    private var sources: [any DispatchSourceSignal] = []
    private let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP]

    /// Nil when standard input is not a terminal (or its settings cannot be read).
    init?() {
        guard isatty(STDIN_FILENO) == 1, tcgetattr(STDIN_FILENO, &saved) == 0 else { return nil }
        let restored = saved
        let queue = DispatchQueue(label: "expo1900.terminal")
        sources = signals.map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler {
                var settings = restored
                tcsetattr(STDIN_FILENO, TCSAFLUSH, &settings)
                FileHandle.standardError.write(Data("\n".utf8))
                exit(128 + number)
            }
            source.resume()
            return source
        }
        var silent = saved
        // No echo, but the Return that ends the line still moves to the next one.
        silent.c_lflag &= ~tcflag_t(ECHO)
        silent.c_lflag |= tcflag_t(ECHONL)
        tcsetattr(STDIN_FILENO, TCSAFLUSH, &silent)
    }

    deinit {
        tcsetattr(STDIN_FILENO, TCSAFLUSH, &saved)
        sources.forEach { $0.cancel() }
        for number in signals { signal(number, SIG_DFL) }
    }
}
