import HummingbirdBcrypt

/// A password's bcrypt hash, as the `account` table keeps it (`$2b$12$…`: the cost and the
/// salt travel inside it, so a hash made at an older cost still verifies).
struct PasswordHash: Sendable, Equatable {
    /// bcrypt's cost: each step doubles the time of a hash. Issue 40 asks for at least 100 ms
    /// a hash here. Measured on this machine (2 shared cores; hummingbird-auth's C bcrypt at
    /// -O2, as a release build compiles it; best of 9 or 5, with a CI run beside it):
    /// cost 10: 58 ms, 11: 115 ms, 12: 228 ms, 13: 470 ms. 11 is the lowest at 100 ms or more.
    /// Each hash names its own cost, so raising this later leaves older hashes working.
    static let cost: UInt8 = 11

    let text: String

    init(text: String) {
        self.text = text
    }

    /// The hash of `password`, with a fresh random salt.
    init(of password: Password) {
        text = Bcrypt.hash(password.text, cost: Self.cost)
    }

    func matches(_ candidate: String) -> Bool {
        Bcrypt.verify(candidate, hash: text)
    }

    /// What a name no account has is checked against, at the same cost as every real hash,
    /// so that "no such name" takes as long as "wrong password" and a stranger cannot learn
    /// from the time which names exist. The password it hashes was thrown away; no account
    /// holds this hash.
    static let unknownAccount = PasswordHash(text: "$2b$11$rVvW.oFJpZT0mLO8Y2l5w.0ARNdhpcjHzGa/.kMW4Rg5kU7ZGV2/O")
}
