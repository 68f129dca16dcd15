import Foundation

extension Platform: ManifestWord {
    public static let noun = "platform"
}

extension TikTokSettings.Mode: ManifestWord {
    public static let noun = "TikTok mode"
}

extension YouTubeSettings.Privacy: ManifestWord {
    public static let noun = "YouTube privacy"
}

extension PublishSettings: Decodable {
    enum Keys: String, CodingKey {
        case platforms, at, approval, tiktok, youtube, instagram
        case aiDisclosure = "ai_disclosure"
    }

    public init(from decoder: Decoder) throws {
        try decoder.rejectUnknownKeys(["platforms", "at", "approval", "ai_disclosure", "tiktok", "youtube", "instagram"])
        let c = try decoder.container(keyedBy: Keys.self)
        self.init()
        platforms = try c.decodeIfPresent([Platform].self, forKey: .platforms) ?? []
        at = try c.decodeIfPresent(LocalTime.self, forKey: .at) ?? at
        approval = try c.decodeIfPresent(Approval.self, forKey: .approval) ?? .required
        aiDisclosure = try c.decodeIfPresent(Bool.self, forKey: .aiDisclosure) ?? true
        tiktok = try c.decodeIfPresent(TikTokSettings.self, forKey: .tiktok) ?? TikTokSettings()
        youtube = try c.decodeIfPresent(YouTubeSettings.self, forKey: .youtube) ?? YouTubeSettings()
        instagram = try c.decodeIfPresent(InstagramSettings.self, forKey: .instagram) ?? InstagramSettings()
    }
}

extension TikTokSettings: Decodable {
    enum Keys: String, CodingKey {
        case mode, privacy
        case disableComment = "disable_comment", disableDuet = "disable_duet", disableStitch = "disable_stitch"
    }

    public init(from decoder: Decoder) throws {
        try decoder.rejectUnknownKeys(["mode", "privacy", "disable_comment", "disable_duet", "disable_stitch"])
        let c = try decoder.container(keyedBy: Keys.self)
        self.init()
        mode = try c.decodeIfPresent(Mode.self, forKey: .mode) ?? .inbox
        if let text = try c.decodeIfPresent(String.self, forKey: .privacy) {
            let all = Privacy.allCases
            guard let found = all.first(where: { $0.rawValue.caseInsensitiveCompare(text) == .orderedSame }) else {
                throw DecodingError.dataCorruptedError(forKey: .privacy, in: c, debugDescription:
                    "\"\(text)\" is not a TikTok privacy level; use one of: \(all.map(\.rawValue).joined(separator: ", ")) (an unaudited app may post SELF_ONLY only)")
            }
            guard mode == .direct else {
                throw DecodingError.dataCorruptedError(forKey: .privacy, in: c, debugDescription:
                    "privacy applies to direct posts; an inbox draft gets its privacy in the TikTok app (set `mode: direct` or drop privacy)")
            }
            privacy = found
        }
        disableComment = try c.decodeIfPresent(Bool.self, forKey: .disableComment) ?? false
        disableDuet = try c.decodeIfPresent(Bool.self, forKey: .disableDuet) ?? false
        disableStitch = try c.decodeIfPresent(Bool.self, forKey: .disableStitch) ?? false
    }
}

extension YouTubeSettings: Decodable {
    enum Keys: String, CodingKey {
        case privacy
        case publishAt = "publish_at", madeForKids = "made_for_kids", category
    }

    public init(from decoder: Decoder) throws {
        try decoder.rejectUnknownKeys(["privacy", "publish_at", "made_for_kids", "category"])
        let c = try decoder.container(keyedBy: Keys.self)
        self.init()
        privacy = try c.decodeIfPresent(Privacy.self, forKey: .privacy) ?? .private
        if let text = try c.decodeIfPresent(String.self, forKey: .publishAt) {
            guard let date = ISO8601DateFormatter().date(from: text) else {
                throw DecodingError.dataCorruptedError(forKey: .publishAt, in: c, debugDescription:
                    "\"\(text)\" is not an ISO 8601 moment; write e.g. 2026-12-01T18:00:00Z")
            }
            guard privacy == .private else {
                throw DecodingError.dataCorruptedError(forKey: .publishAt, in: c, debugDescription:
                    "YouTube takes publish_at only for a private upload (it makes it public then); set `privacy: private`")
            }
            publishAt = date
        }
        madeForKids = try c.decodeIfPresent(Bool.self, forKey: .madeForKids)
        if let category = try c.decodeIfPresent(Int.self, forKey: .category) { categoryId = String(category) }
    }
}

extension InstagramSettings: Decodable {
    enum Keys: String, CodingKey {
        case shareToFeed = "share_to_feed", publicBaseURL = "public_base_url"
    }

    public init(from decoder: Decoder) throws {
        try decoder.rejectUnknownKeys(["share_to_feed", "public_base_url"])
        let c = try decoder.container(keyedBy: Keys.self)
        self.init()
        shareToFeed = try c.decodeIfPresent(Bool.self, forKey: .shareToFeed) ?? true
        if let text = try c.decodeIfPresent(String.self, forKey: .publicBaseURL) {
            guard let url = URL(string: text.hasSuffix("/") ? text : text + "/"), url.scheme == "https", url.host != nil else {
                throw DecodingError.dataCorruptedError(forKey: .publicBaseURL, in: c, debugDescription:
                    "\"\(text)\" is not an https URL; Meta fetches the video from <public_base_url>/<item>/video.mp4")
            }
            publicBaseURL = url
        }
    }
}

extension ItemPublishing: Decodable {
    enum Keys: String, CodingKey {
        case platforms
        case postAt = "post_at", madeForKids = "made_for_kids"
    }

    /// `publish: false`, `publish: [tiktok, youtube]` or `publish: { platforms, post_at, made_for_kids }`.
    public init(from decoder: Decoder) throws {
        if let single = try? decoder.singleValueContainer() {
            if let flag = try? single.decode(Bool.self) {
                self.init(platforms: flag ? nil : [])
                return
            }
            if let list = try? single.decode([String].self) {
                self.init(platforms: try list.map { name in
                    guard let platform = Platform(rawValue: name.lowercased()) else {
                        throw DecodingError.dataCorruptedError(in: single, debugDescription:
                            "\"\(name)\" is not a platform; use tiktok, youtube or instagram")
                    }
                    return platform
                })
                return
            }
        }
        try decoder.rejectUnknownKeys(["platforms", "post_at", "made_for_kids"])
        let c = try decoder.container(keyedBy: Keys.self)
        self.init(platforms: try c.decodeIfPresent([Platform].self, forKey: .platforms),
                  postAt: try c.decodeIfPresent(LocalTime.self, forKey: .postAt),
                  madeForKids: try c.decodeIfPresent(Bool.self, forKey: .madeForKids))
    }
}
