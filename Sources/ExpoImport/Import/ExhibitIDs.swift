import Foundation

/// Exhibit ids made from manifests' addresses: the last part of the path that says
/// something (`…/objects/1234/manifest.json` → `1234`), in the letters, digits, `-` and `_`
/// the catalog takes, each id once.
struct ExhibitIDs {
    private var taken: Set<String> = []

    mutating func id(for address: String, label: LanguageMap) -> String {
        let parts = (URL(string: address)?.path ?? address).split(separator: "/").map(String.init)
        let generic: Set<String> = ["manifest", "manifest.json", "iiif", "presentation", "v2", "v3", "2", "3", "index.json"]
        let meaningful = parts.last { !generic.contains($0.lowercased()) } ?? label.anyText ?? "exhibit"
        var base = String(meaningful.replacingOccurrences(of: ".json", with: "").unicodeScalars.map { scalar -> Character in
            scalar.isASCII && (CharacterSet.alphanumerics.contains(scalar) || scalar == "-" || scalar == "_") ? Character(scalar) : "-"
        })
        base = base.split(separator: "-", omittingEmptySubsequences: true).joined(separator: "-")
        if base.isEmpty { base = "exhibit" }
        base = String(base.prefix(80))
        var candidate = base
        var number = 2
        while !taken.insert(candidate.lowercased()).inserted {
            candidate = "\(base)-\(number)"
            number += 1
        }
        return candidate
    }
}
