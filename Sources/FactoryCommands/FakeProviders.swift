import ArgumentParser
import FactoryFakeProviders
import Foundation

extension FactoryCommand {
    /// `factory fake-providers`: the fake Runware, OpenAI and Anthropic APIs on 127.0.0.1, until stopped.
    struct FakeProviders: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "fake-providers",
            abstract: "Serve fake Runware, OpenAI and Anthropic APIs on 127.0.0.1 for tests and rehearsals.",
            discussion: """
            Fault spec: PROVIDER[/ENDPOINT]:KIND[:key=value...]
              PROVIDER  runware | openai | anthropic | *
              ENDPOINT  inference | image | speech | chat | messages | realtime (default: every generation endpoint)
              KIND      rateLimit serverError overloaded quota spendCap slowBody truncatedBody
                        malformedJSON hang authEchoKey hugeImage notImage
                        badContent wrongCount (200 OK with unusable text: chat and messages only)
                        reworded sessionExpired socketDrop (the Realtime WebSocket only; error kinds hit its handshake)
              keys      count=N retryAfter=S|HTTP-date retryAfterMS=N delayMS=N billed=true
            e.g. anthropic:rateLimit:count=3:retryAfter=2   openai/speech:quota   runware/image:hugeImage
                 openai/realtime:reworded:count=2   openai/realtime:socketDrop:every=3   openai/realtime:rateLimit:retryAfter=2
            The scenario file (JSON or YAML) has the fields port, latencyMS {provider: ms}, faults [{provider,
            endpoint, kind, count, retryAfter, retryAfterMS, delayMS, billed}], chargeLog, requiredKeys, quotes and
            realtimeSessionSeconds (a Realtime session's length, 3600 as OpenAI's 60 minutes).
            --quote-list FILE: poster quotes are picked from FILE's lines ("text — Author", or just the text) by the
            request's hash, as a model that keeps coming back to a few lines would answer.
            GET /_stats shows requests, charges and max_in_flight (the most generation requests each provider \
            answered at once); POST /_reset clears them (not the charge log).
            """)

        @Option(help: "Port to listen on (0 = any free port). [default: 8787]")
        var port: Int?

        @Option(name: .customLong("latency-ms"), help: "Milliseconds to wait before every generation answer.")
        var latencyMS: Int?

        @Option(name: .customLong("latency"), help: "PROVIDER=MS: latency for one provider (repeatable).")
        var latencies: [String] = []

        @Option(name: .customLong("fault"), help: "Inject a fault (repeatable); see the spec above.")
        var faults: [String] = []

        @Option(help: "A JSON or YAML scenario file (latency, faults, keys).")
        var scenario: String?

        @Option(name: .customLong("charge-log"), help: "Append one JSON line per billed request to FILE (read back at start).")
        var chargeLog: String?

        @Option(name: .customLong("require-key"), help: "PROVIDER=KEY: accept only this key for the provider (repeatable).")
        var requireKeys: [String] = []

        @Option(name: .customLong("quote-list"), help: "Answer poster quotes from FILE's lines (one quote a line).")
        var quoteList: String?

        @Option(name: .customLong("speech-audio"),
                help: "What the speech endpoints say: tones (speech-like, the default) or espeak (the text read by espeak-ng, words a forced alignment can find).")
        var speechAudio: String?

        func run() async throws {
            let config: FakeProviderConfig
            do { config = try makeConfig() } catch {
                printError("fake-providers: \(error)")
                throw ExitCode(2)
            }
            let server = FakeProviderServer(config: config)
            let bound: Int
            do { bound = try await server.start() } catch {
                printError("fake-providers: \(error)")
                throw ExitCode(69)
            }
            let urls = server.baseURLs
            print("fake-providers listening on http://127.0.0.1:\(bound) (RUNWARE_BASE_URL=\(urls["runware"] ?? "") OPENAI_BASE_URL=\(urls["openai"] ?? "") ANTHROPIC_BASE_URL=\(urls["anthropic"] ?? ""))")
            // The posting platforms, for `factory publish` rehearsals (GET /_platforms lists what landed).
            let p = config.platforms
            print("platforms: TIKTOK_BASE_URL=\(urls["tiktok"] ?? "") TIKTOK_AUTH_BASE_URL=\(urls["tiktok"] ?? "") YOUTUBE_BASE_URL=\(urls["youtube"] ?? "") "
                  + "GOOGLE_OAUTH_BASE_URL=\(urls["google-oauth"] ?? "") GOOGLE_AUTH_BASE_URL=\(urls["google-oauth"] ?? "") "
                  + "INSTAGRAM_BASE_URL=\(urls["instagram"] ?? "") INSTAGRAM_AUTH_BASE_URL=\(urls["instagram"] ?? "") "
                  + "INSTAGRAM_UPLOAD_BASE_URL=\(urls["instagram-upload"] ?? "")")
            print("platform apps: TIKTOK_CLIENT_KEY=\(p.tiktok.clientKey) TIKTOK_CLIENT_SECRET=\(p.tiktok.clientSecret) "
                  + "YOUTUBE_CLIENT_ID=\(p.youtube.clientId) YOUTUBE_CLIENT_SECRET=\(p.youtube.clientSecret) "
                  + "INSTAGRAM_CLIENT_ID=\(p.instagram.clientId) INSTAGRAM_CLIENT_SECRET=\(p.instagram.clientSecret) "
                  + "INSTAGRAM_USER_ID=\(p.instagram.userId) (sign in with `factory auth <platform>`)")
            fflush(nil)   // flushes every output stream, stdout included
            await Self.waitForTerminationSignal()
            await server.stop()
        }

        func makeConfig() throws -> FakeProviderConfig {
            var config = FakeProviderConfig(port: 8787)
            config.kinds = ProcessRoot.current.kinds
            if let scenario {
                config = try FakeProviderConfig.load(scenario: URL(fileURLWithPath: scenario)).applied(to: config)
            }
            if let port { config.port = port }
            if let latencyMS { config.latencyMS["*"] = latencyMS }
            for entry in latencies {
                let (provider, value) = try Self.pair(entry, option: "--latency")
                guard let ms = Int(value), ms >= 0 else { throw ValidationError("--latency \(entry): MS must be a whole number ≥ 0") }
                config.latencyMS[provider] = ms
            }
            config.faults += try faults.map(FakeFault.init(spec:))
            if let chargeLog { config.chargeLog = URL(fileURLWithPath: chargeLog) }
            for entry in requireKeys {
                let (provider, key) = try Self.pair(entry, option: "--require-key")
                config.requiredKeys[provider] = key
            }
            if let speechAudio {
                guard let audio = FakeSpeechAudio(rawValue: speechAudio) else {
                    throw ValidationError("--speech-audio \(speechAudio): say tones or espeak")
                }
                config.speechAudio = audio
            }
            if let quoteList {
                guard let text = try? String(contentsOfFile: quoteList, encoding: .utf8) else {
                    throw ValidationError("--quote-list \(quoteList): cannot read the file; give a UTF-8 text file with one quote a line")
                }
                config.quotes = text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
                guard !config.quotes.isEmpty else { throw ValidationError("--quote-list \(quoteList): the file has no quotes; write one a line") }
            }
            return config
        }

        static func pair(_ entry: String, option: String) throws -> (String, String) {
            let parts = entry.split(separator: "=", maxSplits: 1).map(String.init)
            let providers = ["runware", "openai", "anthropic", "*"]
            guard parts.count == 2, providers.contains(parts[0]) else {
                // Never echo the entry: for --require-key it holds a secret.
                throw ValidationError("\(option) expects PROVIDER=VALUE with PROVIDER one of \(providers.joined(separator: ", "))")
            }
            return (parts[0], parts[1])
        }

        /// Returns on the first SIGINT or SIGTERM.
        static func waitForTerminationSignal() async {
            let (stream, continuation) = AsyncStream.makeStream(of: Int32.self)
            var sources: [any DispatchSourceSignal] = []
            for sig in [SIGINT, SIGTERM] {
                signal(sig, SIG_IGN)
                let source = DispatchSource.makeSignalSource(signal: sig, queue: .global())
                source.setEventHandler { continuation.yield(sig) }
                source.resume()
                sources.append(source)
            }
            for await _ in stream { break }
            sources.forEach { $0.cancel() }
        }
    }
}
