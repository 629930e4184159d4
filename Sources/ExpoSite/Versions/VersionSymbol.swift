import ExpoCatalog

/// The small drawings that mark a version on the chooser, on an exhibit and on a wall label:
/// "AD" with sound waves for audio description, a raised hand for sign language, an open
/// book for easy read. Drawn in `currentColor`, so they print black and follow dark mode;
/// hidden from screen readers, which read the version's name beside them.
enum VersionSymbol {
    static func svg(_ version: GuideVersion) -> HTML {
        switch version {
        case .audioDescription: audioDescription
        case .sign: sign
        case .easyRead: easyRead
        case .standard: standard
        }
    }

    // Each drawing whole, as it stands in the page: fixed markup, nothing put into it.
    private static let audioDescription = HTML("""
        <svg class="version-symbol" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">\
        <text x="1" y="16.5" font-family="sans-serif" font-weight="700" font-size="12" fill="currentColor">AD</text>\
        <path d="M19 7.5a6 6 0 0 1 0 9M21.5 5a9.5 9.5 0 0 1 0 14" fill="none" stroke="currentColor" stroke-width="1.8" stroke-linecap="round"/></svg>
        """)
    private static let sign = HTML("""
        <svg class="version-symbol" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">\
        <path d="M8 21c-2.2-1.6-4-4.5-4.7-7.1-.3-1 .9-1.6 1.6-.9L7 15V5.5a1.3 1.3 0 0 1 2.6 0V11V3.8a1.3 1.3 0 0 1 2.6 0V11V4.8a1.3 1.3 0 0 1 2.6 0V11.5V7a1.3 1.3 0 0 1 2.6 0v7.5c0 3.6-2 6.5-5.5 6.5z" \
        fill="none" stroke="currentColor" stroke-width="1.6" stroke-linejoin="round"/></svg>
        """)
    private static let easyRead = HTML("""
        <svg class="version-symbol" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">\
        <path d="M12 6.5C9.8 4.9 6.5 4.5 3 5v13c3.5-.5 6.8-.1 9 1.5 2.2-1.6 5.5-2 9-1.5V5c-3.5-.5-6.8-.1-9 1.5zM12 6.5v13" \
        fill="none" stroke="currentColor" stroke-width="1.6" stroke-linejoin="round"/></svg>
        """)
    private static let standard = HTML("""
        <svg class="version-symbol" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">\
        <circle cx="12" cy="12" r="8" fill="none" stroke="currentColor" stroke-width="1.6"/>\
        <path d="M12 11v5M12 8h.01" stroke="currentColor" stroke-width="2" stroke-linecap="round"/></svg>
        """)
}
