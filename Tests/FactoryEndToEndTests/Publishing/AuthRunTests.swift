import FactoryCore
import FactoryFakeProviders
import FactoryTesting
import Foundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `factory auth` against the fake platforms: the consent page, the loopback redirect with PKCE,
/// the tokens sealed into the state folder, then `doctor` and `publish` using them.
@Suite(.serialized) struct AuthRunTests {
    @Test(arguments: ["tiktok", "youtube", "instagram"])
    func signInSavesSealedTokensThatDoctorAndPublishUse(_ platform: String) async throws {
        let week = try PublishWeek(publish: "publish: { platforms: [\(platform)], approval: auto, youtube: { made_for_kids: false } }",
                                   items: [("mon", "monday", 200_000)])
        let config = PublishWeek.platforms()
        try await FakeProviderServer.withRunning(FakeProviderConfig(platforms: config)) { server in
            let urls = server.baseURLs
            var environment = week.environment(server, config: config)
            // No token in the environment: only what `factory auth` saves.
            for name in ["TIKTOK_REFRESH_TOKEN", "YOUTUBE_REFRESH_TOKEN", "INSTAGRAM_ACCESS_TOKEN"] { environment[name] = nil }
            environment["TIKTOK_AUTH_BASE_URL"] = urls["tiktok"]
            environment["GOOGLE_AUTH_BASE_URL"] = urls["google-oauth"]
            environment["INSTAGRAM_AUTH_BASE_URL"] = urls["instagram"]
            environment["INSTAGRAM_CLIENT_ID"] = config.instagram.clientId
            environment["INSTAGRAM_CLIENT_SECRET"] = config.instagram.clientSecret
            let log = week.folder.url.appendingPathComponent("auth.log")
            let child = try TestSupport.startFactory(["auth", platform, week.manifest, "--timeout", "60"], in: week.folder.url,
                                                     environment: environment, log: log)
            // The consent page is printed; the fake consents at once and redirects the "browser" to the loopback.
            func printedPage() -> URL? {
                let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
                return text.split(separator: "\n").first { $0.hasPrefix("http") }.flatMap { URL(string: String($0)) }
            }
            #expect(await eventually(timeout: .seconds(30)) { printedPage() != nil })
            let page = try #require(printedPage())
            let (body, response) = try await URLSession.shared.data(from: page)
            #expect((response as? HTTPURLResponse)?.statusCode == 200)
            #expect(String(decoding: body, as: UTF8.self).contains("ContentFactory has the authorization"))
            child.waitUntilExit()
            let output = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
            #expect(child.terminationStatus == 0, "\(output)")
            let file = week.state.appendingPathComponent("tokens/\(platform).json")
            let mode = (try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? NSNumber)?.intValue
            #expect(mode == 0o600)
            let saved = try String(contentsOf: file, encoding: .utf8)
            // Sealed: no token's text (the fake's have dots, which base64 never does) and no clear field for it.
            #expect(saved.firstMatch(of: try Regex(#"(act|rft)\.|access_token|accessToken"#)) == nil, "the token file holds a clear token: \(saved)")
            #expect(saved.contains("\"box\""))
            // doctor checks the saved token without posting; publish posts with it.
            let doctor = try TestSupport.runFactory(["doctor", week.manifest], in: week.folder.url, environment: environment)
            #expect(doctor.stdout.contains("ok      \(platform)"), "\(doctor.stdout)\(doctor.stderr)")
            #expect(await server.platformPosts().isEmpty)
            let published = try TestSupport.runFactory(["publish", week.manifest, "--at", "2026-11-23T18:00", "--wait", "20"],
                                                       in: week.folder.url, environment: environment)
            #expect(published.status == 0, "\(published.stdout)\(published.stderr)")
            #expect(await server.platformPosts().filter(\.landed).count == 1)
        }
    }

    @Test func withoutARedirectItGivesUpAtItsTimeoutWithExitTwo() throws {
        let week = try PublishWeek(publish: "publish: { platforms: [tiktok] }", items: [("mon", "monday", 1000)])
        let started = Date()
        let out = try TestSupport.runFactory(["auth", "tiktok", week.manifest, "--timeout", "2"], in: week.folder.url,
                                             environment: ["TIKTOK_CLIENT_KEY": "k", "TIKTOK_CLIENT_SECRET": "s",
                                                           "FACTORY_TOKEN_KEY_FILE": week.folder.path("keys/token.key")])
        #expect(out.status == 2 && out.stderr.contains("no redirect came back within 2 s"), "\(out.stdout)\(out.stderr)")
        #expect(Date().timeIntervalSince(started) < 30)
    }
}
