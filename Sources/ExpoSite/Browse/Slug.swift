import ExpoImages
import Foundation

/// A value's part of an address: `Robert Blake (1762–1787)` → `robert-blake-1762-1787`,
/// `백운화상 경한` → `baeg-unhwasang-gyeonghan`. Only ASCII letters, digits and `-`, so that
/// every server, static host and file system takes it as it is, unescaped; other scripts are
/// written in Latin letters first (ICU's transliteration). Uniqueness is the caller's: two
/// values may make one slug, and a long one is cut.
enum Slug {
    /// At most this many characters, so that a value's folder name stays far below a file
    /// system's 255 bytes, with room for a hash.
    static let maximumLength = 60

    static func make(_ text: String) -> (slug: String, cut: Bool) {
        let ascii = text.utf8.allSatisfy { $0 < 0x80 }
            ? text : (text.applyingTransform(StringTransform("Any-Latin; Latin-ASCII"), reverse: false) ?? "")
        var slug = ""
        var dash = false
        for byte in ascii.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                if dash, !slug.isEmpty { slug += "-" }
                dash = false
                slug.unicodeScalars.append(Unicode.Scalar(byte))
            case UInt8(ascii: "A")...UInt8(ascii: "Z"):
                if dash, !slug.isEmpty { slug += "-" }
                dash = false
                slug.unicodeScalars.append(Unicode.Scalar(byte + 32))
            case UInt8(ascii: "'"):
                // `Korea's` is `koreas`.
                break
            default:
                dash = true
            }
        }
        guard slug.count > maximumLength else { return (slug, false) }
        var cut = String(slug.prefix(maximumLength))
        if let end = cut.lastIndex(of: "-"), cut.distance(from: cut.startIndex, to: end) > maximumLength / 2 { cut = String(cut[..<end]) }
        return (cut, true)
    }

    /// `slug` with a short fingerprint of `key`, to tell apart values whose slugs meet.
    static func marked(_ slug: String, key: String, length: Int = 6) -> String {
        let hash = String(ContentHash.hex(Array(key.utf8)).prefix(length))
        return slug.isEmpty ? hash : slug + "-" + hash
    }

    /// Each slug made unique: those that two keys share, that were cut or that are empty get
    /// their key's fingerprint; if two fingerprints still meet, a longer one.
    static func unique(_ entries: [(slug: String, cut: Bool, key: String)], taken: Set<String> = []) -> [String] {
        var counts: [String: Int] = [:]
        for entry in entries { counts[entry.slug, default: 0] += 1 }
        var slugs = entries.map { entry in
            entry.cut || entry.slug.isEmpty || counts[entry.slug, default: 0] > 1 || taken.contains(entry.slug)
                ? marked(entry.slug, key: entry.key) : entry.slug
        }
        var seen = taken
        for index in slugs.indices where !seen.insert(slugs[index]).inserted {
            slugs[index] = marked(entries[index].slug, key: entries[index].key + "\u{0}\(index)", length: 16)
            seen.insert(slugs[index])
        }
        return slugs
    }
}
