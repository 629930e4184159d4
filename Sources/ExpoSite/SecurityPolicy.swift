/// The security policy of the guide, in one place for everything that states it: the
/// server's headers, each page's `<meta>` (for hosts that send no headers), the export's
/// `_headers` file, and the nginx example in docs/export-and-deployment.md, which the tests
/// hold to this list. The pages use no inline script or style, so the policy can forbid
/// both; nothing is loaded from another origin.
public enum SecurityPolicy {
    public struct Header: Sendable, Equatable {
        public let name: String
        public let value: String
    }

    /// What a `<meta http-equiv>` policy may say.
    static let pageDirectives = [
        "default-src 'self'", "img-src 'self'", "media-src 'self'", "style-src 'self'", "script-src 'self'",
        "object-src 'none'", "base-uri 'none'", "form-action 'self'",
    ]

    /// Browsers ignore `frame-ancestors` in a `<meta>`; only a header can keep the guide out of frames.
    static let headerOnlyDirectives = ["frame-ancestors 'none'"]

    /// The policy as a header sends it.
    public static let contentSecurityPolicy = (pageDirectives + headerOnlyDirectives).joined(separator: "; ")

    /// The policy as every page's `<meta>` carries it: the same, less what a `<meta>` cannot say.
    public static let pagePolicy = pageDirectives.joined(separator: "; ")

    /// The page policy of an export whose pages send their counts to another origin
    /// (`export --events-url`): that origin is named for `connect-src`, and no other.
    public static func pagePolicy(beaconsTo origin: String?) -> String {
        guard let origin else { return pagePolicy }
        return (pageDirectives + ["connect-src 'self' \(origin)"]).joined(separator: "; ")
    }

    /// The same as a header sends it.
    public static func contentSecurityPolicy(beaconsTo origin: String?) -> String {
        guard let origin else { return contentSecurityPolicy }
        return (pageDirectives + ["connect-src 'self' \(origin)"] + headerOnlyDirectives).joined(separator: "; ")
    }

    /// Every security header, in the order sent.
    public static let headers = [
        Header(name: "Content-Security-Policy", value: contentSecurityPolicy),
        Header(name: "X-Content-Type-Options", value: "nosniff"),
        Header(name: "Referrer-Policy", value: "strict-origin-when-cross-origin"),
        // For browsers older than frame-ancestors.
        Header(name: "X-Frame-Options", value: "DENY"),
        Header(name: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=(), payment=(), usb=()"),
        Header(name: "Cross-Origin-Opener-Policy", value: "same-origin"),
    ]
}
