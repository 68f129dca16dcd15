import FactoryTesting
import Foundation
import Testing

/// `factory studio` over HTTP, as a script or an attacker would speak to it: every refusal
/// changes nothing, the API answers as docs/studio.md says, files seek with Range.
@Suite(.serialized) struct StudioHTTPTests {
    /// A snapshot of everything under the output folder that an action could change (the ledger
    /// included), to show a refused request changed nothing.
    static func state(_ studio: StudioProcess) -> [String: String] {
        TestSupport.snapshot(studio.output).filter { !$0.key.contains("studio/thumbs") }
    }

    @Test func withoutTheKeyNothingIsServedAndAWrongKeyBuysNothing() async throws {
        try await StudioProcess.with { studio in
            for path in ["/", "/static/studio.js", "/static/studio.css", "/api/week", "/api/items/calm-poster",
                         "/files/calm-poster/video.mp4", "/thumbs/calm-poster.jpg", "/api/events"] {
                let reply = try await studio.request("GET", path, session: false)
                #expect(reply.status == 401, "\(path): \(reply.status)")
                #expect(reply.json.flatMap { $0["error"] as? [String: Any] }?["code"] as? String == "no-session", "\(path)")
            }
            let wrong = try await studio.request("GET", "/?key=0123456789abcdef", session: false)
            #expect(wrong.status == 401 && wrong.headers["set-cookie"].isEmpty)
            let forged = try await studio.request("GET", "/api/week", headers: ["Cookie": "factory_studio=forged"], session: false)
            #expect(forged.status == 401)
        }
    }

    @Test func refusedStateChangesChangeNothing() async throws {
        try await StudioProcess.with { studio in
            let before = Self.state(studio)
            let approve = "/api/items/calm-poster/approve"
            let cases: [(String, [String: String?], Int, String)] = [
                ("foreign origin", ["Origin": "http://evil.example"], 403, "foreign-origin"),
                ("no origin", ["Origin": nil], 403, "foreign-origin"),
                ("no CSRF token", ["X-CSRF-Token": nil], 403, "csrf"),
                ("wrong CSRF token", ["X-CSRF-Token": "00"], 403, "csrf"),
                ("foreign host", ["Host": "rebind.attacker.test:80"], 421, "wrong-host"),
                ("foreign host, same port", ["Host": "evil.example:\(URL(string: studio.origin)?.port ?? 0)"], 421, "wrong-host"),
            ]
            for (name, headers, status, code) in cases {
                let reply = try await studio.request("POST", approve, json: [:], headers: headers)
                #expect(reply.status == status, "\(name): \(reply.status) \(reply.text)")
                #expect(reply.json.flatMap { $0["error"] as? [String: Any] }?["code"] as? String == code, "\(name): \(reply.text)")
            }
            let get = try await studio.request("GET", approve)
            #expect(get.status == 404, "a GET changes nothing: \(get.status)")
            #expect(Self.state(studio) == before, "a refused request changed the output or the ledger")
            let week = try await studio.request("GET", "/api/week")
            let approvals = Self.cards(week).map { ($0["approval"] as? [String: Any])?["state"] as? String }
            #expect(!approvals.contains("approved"), "\(approvals)")
        }
    }

    @Test func traversalsAreRefused() async throws {
        try await StudioProcess.with { studio in
            let secret = studio.output.appendingPathComponent("secret.txt")
            try Data("top secret".utf8).write(to: secret)
            try FileManager.default.createSymbolicLink(atPath: studio.weekFolder.appendingPathComponent("calm-poster/link.txt").path,
                                                       withDestinationPath: secret.path)
            for path in ["/files/../secret.txt", "/files/%2e%2e/secret.txt", "/files/calm-poster/%2e%2e/%2e%2e/secret.txt",
                         "/files/calm-poster%2f..%2f..%2fsecret.txt", "/files/calm-poster/link.txt", "/files/.factory/ledger.sqlite",
                         "/files/calm-poster/..%5c..%5csecret.txt", "/static/../week.yaml", "/static/%2e%2e%2fweek.yaml",
                         "/files/calm-poster/caption.txt%00.mp4"] {
                let reply = try await studio.request("GET", path)
                #expect([400, 404].contains(reply.status), "\(path): \(reply.status)")
                #expect(!reply.text.contains("top secret") && !reply.text.contains("version: 1"), "\(path) leaked")
            }
        }
    }

    @Test func theWeekAndAnItemAnswerAsDocumented() async throws {
        try await StudioProcess.with { studio in
            let reply = try await studio.request("GET", "/api/week")
            #expect(reply.status == 200)
            #expect(reply.headers["x-content-type-options"].first == "nosniff")
            #expect(reply.headers["content-security-policy"].first?.contains("script-src 'self'") == true)
            let week = try #require(reply.json)
            #expect(week["week"] as? String == "2026-W48")
            let days = week["days"] as? [[String: Any]] ?? []
            #expect(days.map { $0["weekday"] as? String } == ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"])
            let cards = Self.cards(reply)
            #expect(Set(cards.compactMap { $0["id"] as? String }) == ["calm-poster", "plain-poster", "broken", "thread"])
            let broken = try #require(cards.first { $0["id"] as? String == "broken" })
            #expect(broken["status"] as? String == "failed" && (broken["reason"] as? String)?.contains("missing.mp3") == true)
            let calm = try #require(cards.first { $0["id"] as? String == "calm-poster" })
            #expect((calm["qa"] as? [String: Any])?["contrast"] is String)
            #expect(calm["title"] as? String == "Breathe in & let <go> 🌿" || (calm["title"] as? String)?.isEmpty == false)

            let item = try await studio.request("GET", "/api/items/calm-poster")
            let json = try #require(item.json)
            #expect(json["video"] as? String == "/files/calm-poster/video.mp4")
            #expect((json["generation"] as? [[String: Any]])?.isEmpty == false)
            #expect(try await studio.request("GET", "/api/items/nothing-here").status == 404)
            // A thumbnail is a JPEG, made once.
            let thumb = try await studio.request("GET", "/thumbs/calm-poster.jpg")
            #expect(thumb.status == 200 && thumb.headers["content-type"].first == "image/jpeg" && thumb.body.starts(with: [0xFF, 0xD8]))
        }
    }

    @Test func videosSeekWithRange() async throws {
        try await StudioProcess.with { studio in
            let file = studio.weekFolder.appendingPathComponent("calm-poster/video.mp4")
            let bytes = try Data(contentsOf: file)
            let whole = try await studio.request("GET", "/files/calm-poster/video.mp4")
            #expect(whole.status == 200 && whole.body == bytes && whole.headers["accept-ranges"].first == "bytes")
            #expect(whole.headers["content-type"].first == "video/mp4")
            let part = try await studio.request("GET", "/files/calm-poster/video.mp4", headers: ["Range": "bytes=100-199"])
            #expect(part.status == 206 && part.body == bytes[100...199])
            #expect(part.headers["content-range"].first == "bytes 100-199/\(bytes.count)")
            let tail = try await studio.request("GET", "/files/calm-poster/video.mp4", headers: ["Range": "bytes=-10"])
            #expect(tail.status == 206 && tail.body == bytes.suffix(10))
            let past = try await studio.request("GET", "/files/calm-poster/video.mp4", headers: ["Range": "bytes=\(bytes.count)-"])
            #expect(past.status == 416 && past.headers["content-range"].first == "bytes */\(bytes.count)")
        }
    }

    @Test func approveAndRevokeWriteTheSameApprovalsAsTheCLI() async throws {
        try await StudioProcess.with { studio in
            let approved = try await studio.request("POST", "/api/items/calm-poster/approve", json: [:])
            #expect(approved.status == 200, "\(approved.text)")
            #expect((approved.json?["message"] as? String)?.contains("approved calm-poster") == true, "\(approved.text)")
            // The CLI sees it: review lists the approval from the same ledger.
            let review = try TestSupport.runFactory(["review", "out/2026-W48"], in: studio.folder.url)
            #expect(review.stdout.contains("calm-poster: approved by"), "\(review.stdout)")
            var card = Self.cards(try await studio.request("GET", "/api/week")).first { $0["id"] as? String == "calm-poster" }
            #expect((card?["approval"] as? [String: Any])?["state"] as? String == "approved")
            let revoked = try await studio.request("POST", "/api/items/calm-poster/revoke", json: [:])
            #expect(revoked.status == 200 && (revoked.json?["message"] as? String)?.contains("revoked calm-poster") == true)
            card = Self.cards(try await studio.request("GET", "/api/week")).first { $0["id"] as? String == "calm-poster" }
            // The review week has no publish: section, so without an approval none is needed.
            #expect((card?["approval"] as? [String: Any])?["state"] as? String == "not-needed")
            // The failed item has no bundle: the CLI's refusal comes back as the error, naming the fix.
            let broken = try await studio.request("POST", "/api/items/broken/approve", json: [:])
            #expect(broken.status == 422 && broken.text.contains("no finished bundle"), "\(broken.text)")
        }
    }

    @Test func makeAgainShowsTheCostThenRunsWithProgressAndAnEarlierVersionComesBack() async throws {
        try await StudioProcess.with { studio in
            let before = try Data(contentsOf: studio.weekFolder.appendingPathComponent("plain-poster/metadata.json"))
            let estimate = try await studio.request("POST", "/api/items/plain-poster/estimate", json: ["stage": "image"])
            #expect(estimate.status == 200, "\(estimate.text)")
            #expect((estimate.json?["message"] as? String)?.contains("estimated cost") == true, "\(estimate.text)")
            #expect(try Data(contentsOf: studio.weekFolder.appendingPathComponent("plain-poster/metadata.json")) == before)
            let bad = try await studio.request("POST", "/api/items/plain-poster/regenerate", json: ["stage": "sound"])
            #expect(bad.status == 422)

            let started = try await studio.request("POST", "/api/items/plain-poster/regenerate", json: ["stage": "image"])
            #expect(started.status == 202, "\(started.text)")
            let id = try #require(started.json?["id"] as? String)
            let busy = try await studio.request("POST", "/api/items/plain-poster/regenerate", json: [:])
            #expect(busy.status == 409 || busy.status == 202)
            let job = try await studio.waitForJob(id)
            #expect(job["state"] as? String == "done", "\(job)")
            #expect((job["lines"] as? [String])?.contains { $0.contains("stage") || $0.contains("render") } == true, "\(job)")
            let after = try Data(contentsOf: studio.weekFolder.appendingPathComponent("plain-poster/metadata.json"))
            #expect(after != before)

            let item = try #require(try await studio.request("GET", "/api/items/plain-poster").json)
            let versions = item["versions"] as? [[String: Any]] ?? []
            let stamp = try #require(versions.first?["stamp"] as? String, "\(item)")
            let restore = try await studio.request("POST", "/api/items/plain-poster/versions/\(stamp)/restore", json: [:])
            #expect(restore.status == 202, "\(restore.text)")
            let restored = try await studio.waitForJob(try #require(restore.json?["id"] as? String))
            #expect(restored["state"] as? String == "done", "\(restored)")
            #expect(try Data(contentsOf: studio.weekFolder.appendingPathComponent("plain-poster/metadata.json")) == before)
            let unknown = try await studio.request("POST", "/api/items/plain-poster/versions/19990101T000000Z/restore", json: [:])
            #expect(unknown.status == 404)
        }
    }

    @Test func anEditedTextIsKeptWithTheVersionAndWithdrawsTheApproval() async throws {
        try await StudioProcess.with(extraManifest: StudioBrowserTests.publish) { studio in
            let caption = try String(contentsOf: studio.weekFolder.appendingPathComponent("calm-poster/caption.txt"), encoding: .utf8)
            #expect(try await studio.request("POST", "/api/items/calm-poster/approve", json: [:]).status == 200)
            let long = try await studio.request("POST", "/api/items/calm-poster/text",
                                                json: ["platform": "tiktok", "caption": String(repeating: "x", count: 2201)])
            #expect(long.status == 422, "\(long.text)")
            let error = long.json?["error"] as? [String: Any]
            #expect(error?["field"] as? String == "caption" && (error?["message"] as? String)?.contains("TikTok takes at most 2200") == true)
            let week = Self.cards(try await studio.request("GET", "/api/week"))
            #expect((week.first { $0["id"] as? String == "calm-poster" }?["approval"] as? [String: Any])?["state"] as? String == "approved",
                    "a refused edit must not withdraw the approval")

            let set = try await studio.request("POST", "/api/items/calm-poster/text",
                                               json: ["platform": "instagram", "caption": "Slow down. <b>Breathe</b> #calm"])
            #expect(set.status == 200, "\(set.text)")
            #expect((set.json?["message"] as? String)?.contains("withdrew calm-poster's approval") == true, "\(set.text)")
            let item = try #require(try await studio.request("GET", "/api/items/calm-poster").json)
            let texts = item["texts"] as? [String: [String: Any]] ?? [:]
            #expect(texts["instagram"]?["caption"] as? String == "Slow down. <b>Breathe</b> #calm")
            #expect(texts["tiktok"]?["caption"] as? String == caption.trimmingCharacters(in: .whitespacesAndNewlines))
            #expect(item["edited"] as? Bool == true)
            #expect(((item["card"] as? [String: Any])?["approval"] as? [String: Any])?["state"] as? String == "not-approved")
            // The bundle is left as it was.
            #expect(try String(contentsOf: studio.weekFolder.appendingPathComponent("calm-poster/caption.txt"), encoding: .utf8) == caption)
        }
    }

    @Test func aChangeMadeInATerminalReachesTheOpenPages() async throws {
        try await StudioProcess.with { studio in
            let folder = studio.folder.url
            let seen = try await studio.awaitEvent("event: week", seconds: 20) {
                let out = try TestSupport.runFactory(["approve", "calm-poster", "--manifest", "week.yaml", "--output", "out"], in: folder)
                guard out.status == 0 else { throw StudioTestError(description: out.stderr) }
            }
            #expect(seen, "no week event after an approval in a terminal")
        }
    }

    static func cards(_ reply: StudioProcess.Reply) -> [[String: Any]] {
        ((reply.json?["days"] as? [[String: Any]]) ?? []).flatMap { ($0["items"] as? [[String: Any]]) ?? [] }
    }
}
