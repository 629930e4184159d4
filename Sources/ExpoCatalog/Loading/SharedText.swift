/// A translated exhibit whose texts equal the primary one's hold the primary's strings, not
/// copies of them: a catalog's makers, dates, dimensions and credit lines are often the
/// same in every language, and at 100,000 exhibits each copy is megabytes.
extension Exhibit {
    func sharingText(with primary: Exhibit) -> Exhibit {
        var shared = self
        shared.name = Self.same(name, primary.name)
        shared.shortDescription = Self.same(shortDescription, primary.shortDescription)
        shared.description = Self.same(description, primary.description)
        // Facts sit behind one reference: the same facts share the primary's, and others are
        // read out, merged and set back once, not a new box for each of their texts.
        let (mine, theirs) = (facts, primary.facts)
        if mine == theirs {
            shared.shareFacts(of: primary)
        } else {
            var merged = mine
            for index in ObjectFacts.keyNames.indices {
                merged[fact: index] = Self.same(mine[fact: index], theirs[fact: index])
            }
            for index in merged.fields.indices where index < theirs.fields.count {
                merged.fields[index].label = Self.same(mine.fields[index].label, theirs.fields[index].label)
                merged.fields[index].value = Self.same(mine.fields[index].value, theirs.fields[index].value)
            }
            shared.facts = merged
        }
        for index in shared.images.indices where index < primary.images.count {
            shared.images[index].caption = Self.same(images[index].caption, primary.images[index].caption)
            shared.images[index].credit = Self.same(images[index].credit, primary.images[index].credit)
        }
        return shared
    }

    /// `primary` when the texts are equal, so that only one of them is kept.
    private static func same(_ text: String, _ primary: String) -> String {
        text == primary ? primary : text
    }
}
