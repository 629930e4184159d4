import HTTPTypes

/// Headers every response carries. The pages use no inline script or style, so the policy
/// can forbid both; nothing is loaded from another origin.
enum SecurityHeaders {
    static let contentSecurityPolicy = [
        "default-src 'self'", "img-src 'self'", "style-src 'self'", "script-src 'self'",
        "object-src 'none'", "base-uri 'none'", "form-action 'self'", "frame-ancestors 'none'",
    ].joined(separator: "; ")

    static let all: HTTPFields = [
        .contentSecurityPolicy: contentSecurityPolicy,
        .xContentTypeOptions: "nosniff",
        HTTPField.Name("Referrer-Policy")!: "strict-origin-when-cross-origin",
        HTTPField.Name("Permissions-Policy")!: "camera=(), microphone=(), geolocation=(), payment=(), usb=()",
        HTTPField.Name("Cross-Origin-Opener-Policy")!: "same-origin",
    ]
}
