@testable import FactoryStudio
import Foundation
import Testing

/// The door's decisions, one refusal at a time (the HTTP tests drive the same through the server).
@Suite struct StudioGuardTests {
    let door = StudioGuard(bind: "127.0.0.1", port: 8426, secret: "s3cret", session: "sess10n", csrf: "csrf-token")
    var cookie: String { "theme=dark; \(StudioGuard.cookie)=sess10n" }

    func verdict(_ method: String = "GET", _ path: String = "/api/week", query: [String: String] = [:],
                 _ headers: [String: String]) -> StudioGuard.Verdict {
        door.verdict(method: method, path: path, query: query, headers: headers)
    }

    @Test func theKeyBuysTheCookieOnceAndOnlyTheRightKey() {
        #expect(verdict("GET", "/", query: ["key": "s3cret"], ["host": "127.0.0.1:8426"]) == .enter)
        guard case .refuse(401, _, _) = verdict("GET", "/", query: ["key": "guess"], ["host": "127.0.0.1:8426"]) else {
            Issue.record("a wrong key entered"); return
        }
        #expect(door.setCookie.contains("HttpOnly") && door.setCookie.contains("SameSite=Strict") && door.setCookie.contains("sess10n"))
    }

    @Test(arguments: ["/", "/static/studio.js", "/api/week", "/files/mon/video.mp4", "/thumbs/mon.jpg"])
    func withoutTheCookieEveryRouteIs401(path: String) {
        guard case .refuse(401, "no-session", _) = verdict("GET", path, ["host": "127.0.0.1:8426"]) else {
            Issue.record("\(path) served without a session"); return
        }
        guard case .refuse(401, _, _) = verdict("GET", path, ["host": "127.0.0.1:8426", "cookie": "\(StudioGuard.cookie)=forged"]) else {
            Issue.record("\(path) served with a forged cookie"); return
        }
    }

    @Test(arguments: ["evil.example:8426", "127.0.0.1:9999", "attacker.test", ""])
    func aForeignHostIsRefusedBeforeAnythingElse(host: String) {
        guard case .refuse(421, "wrong-host", _) = verdict("GET", "/api/week", ["host": host, "cookie": cookie]) else {
            Issue.record("host \(host) served"); return
        }
    }

    @Test func theLoopbackSpellingsAllPass() {
        for host in ["127.0.0.1:8426", "localhost:8426", "[::1]:8426"] {
            #expect(verdict("GET", "/api/week", ["host": host, "cookie": cookie]) == .pass, "\(host)")
        }
    }

    @Test func aStateChangeNeedsPOSTTheOwnOriginAndTheCSRFToken() {
        let good = ["host": "127.0.0.1:8426", "cookie": cookie, "origin": "http://127.0.0.1:8426", "x-csrf-token": "csrf-token"]
        #expect(verdict("POST", "/api/items/mon/approve", good) == .pass)
        var foreign = good
        foreign["origin"] = "http://evil.example"
        guard case .refuse(403, "foreign-origin", _) = verdict("POST", "/api/items/mon/approve", foreign) else { Issue.record("foreign origin"); return }
        var noOrigin = good
        noOrigin["origin"] = nil
        guard case .refuse(403, "foreign-origin", _) = verdict("POST", "/api/items/mon/approve", noOrigin) else { Issue.record("no origin"); return }
        var noToken = good
        noToken["x-csrf-token"] = nil
        guard case .refuse(403, "csrf", _) = verdict("POST", "/api/items/mon/approve", noToken) else { Issue.record("no token"); return }
        var wrongToken = good
        wrongToken["x-csrf-token"] = "csrf-tokeN"
        guard case .refuse(403, "csrf", _) = verdict("POST", "/api/items/mon/approve", wrongToken) else { Issue.record("wrong token"); return }
        guard case .refuse(405, _, _) = verdict("PUT", "/api/items/mon/approve", good) else { Issue.record("PUT"); return }
        guard case .refuse(405, _, _) = verdict("DELETE", "/api/items/mon", good) else { Issue.record("DELETE"); return }
    }

    @Test func aNonLoopbackBindAnswersOnlyToItsOwnAddress() {
        let wide = StudioGuard(bind: "192.168.1.20", port: 80, secret: "s", session: "x", csrf: "c")
        #expect(wide.verdict(method: "GET", path: "/api/week", query: [:],
                             headers: ["host": "192.168.1.20:80", "cookie": "\(StudioGuard.cookie)=x"]) == .pass)
        guard case .refuse(421, _, _) = wide.verdict(method: "GET", path: "/api/week", query: [:],
                                                     headers: ["host": "localhost:80", "cookie": "\(StudioGuard.cookie)=x"]) else {
            Issue.record("localhost served on a LAN bind"); return
        }
    }

    @Test func secretsAreLongAndFresh() {
        let a = StudioGuard.random(), b = StudioGuard.random()
        #expect(a.count == 64 && a != b && a.allSatisfy(\.isHexDigit))
    }
}

/// The cards' QA figures: the headline number of each check's detail.
@Suite struct StudioCardTests {
    @Test func figuresAreTheHeadlineOfEachCheck() {
        #expect(StudioCard.short("-14.0 LUFS, peak -12.4 dBTP, target -14±1 LUFS", unit: "LUFS") == "-14.0 LUFS")
        #expect(StudioCard.short("lowest 6.40:1 (end-card at 17.43 s) over 6 text layers", unit: ":1") == "6.40:1")
        #expect(StudioCard.short("median 26 ms, p90 80 ms from the nearest speech onset", unit: "ms") == "26 ms")
        #expect(StudioCard.short("no soundtrack (no music set); target -14±1 LUFS", unit: "LUFS") == "no soundtrack")
        #expect(StudioCard.short(nil, unit: "ms") == nil)
    }
}
