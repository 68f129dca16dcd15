import FactoryCore
/// The post caption of a poster: the quote, a line of the series, hashtags; ≤ 2,200 characters.
enum PosterCaption {
    static func text(item: Item, spec: PosterSpec, quote: String, attribution: String, brand: Brand) -> String {
        if let custom = item.caption { return Caption.clip(custom + "\n\n" + hashtags(item: item, spec: spec).joined(separator: " ")) }
        var lines = ["\u{201C}\(quote)\u{201D}" + (attribution.isEmpty ? "" : " \u{2014} \(attribution)"), ""]
        lines.append("\(spec.series.title): save this for the day you need it. \u{2728}")
        if !brand.handle.isEmpty { lines.append("Follow \(brand.handle) for a calm word every day.") }
        lines.append("")
        lines.append(hashtags(item: item, spec: spec).joined(separator: " "))
        return Caption.clip(lines.joined(separator: "\n"))
    }

    static func hashtags(item: Item, spec: PosterSpec) -> [String] {
        Hashtags.merged([spec.series.hashtag] + spec.series.extraHashtags, item.hashtags)
    }
}
