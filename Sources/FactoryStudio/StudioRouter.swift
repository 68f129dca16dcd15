import FactoryCore
import FactoryReview
import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// Every route of the studio (docs/studio.md): the page, the week's files and thumbnails, the JSON
/// API and the event stream. Each request passes `StudioGuard` before anything else; every
/// answer carries `nosniff`, a Content-Security-Policy with no inline script, and no caching of
/// the API.
struct StudioRouter: Sendable {
    let configuration: StudioConfiguration
    let door: StudioGuard
    let jobs: StudioJobs
    let thumbnails: StudioThumbnails
    let weekCache = StudioWeekCache()
    var files: StudioFiles { StudioFiles(weekFolder: configuration.weekFolder) }

    static let policy = "default-src 'self'; img-src 'self'; media-src 'self'; style-src 'self'; script-src 'self'; "
        + "connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"

    func respond(_ request: Request) async -> Response {
        var response = await route(request)
        response.headers[.xContentTypeOptions] = "nosniff"
        response.headers[.contentSecurityPolicy] = Self.policy
        if let referrer = HTTPField.Name("Referrer-Policy"), let frames = HTTPField.Name("X-Frame-Options") {
            response.headers[referrer] = "no-referrer"
            response.headers[frames] = "DENY"
        }
        if response.headers[.cacheControl] == nil { response.headers[.cacheControl] = "no-store" }
        return response
    }

    private func route(_ request: Request) async -> Response {
        let method = request.method.rawValue
        let (segments, query) = Self.split(request.uri.description)
        guard let segments else { return Self.error(400, "bad-path", "the path does not decode") }
        var headers: [String: String] = [:]
        for field in request.headers { headers[field.name.canonicalName.lowercased()] = field.value }
        // HTTP/1.1's Host arrives as the request's authority, not among its header fields.
        headers["host"] = request.head.authority ?? headers["host"]
        let path = "/" + segments.joined(separator: "/")
        switch door.verdict(method: method, path: path, query: query, headers: headers) {
        case .refuse(let status, let code, let message):
            return Self.error(status, code, message)
        case .enter:
            var fields = HTTPFields()
            fields[.location] = "/"
            fields[.setCookie] = door.setCookie
            return Response(status: .seeOther, headers: fields)
        case .pass:
            break
        }
        let head = method == "HEAD"
        switch (method, segments.first ?? "") {
        case ("GET", ""), ("HEAD", ""):
            return Self.resource("index.html", head: head)
        case ("GET", "static"), ("HEAD", "static"):
            guard segments.count == 2, ["studio.js", "studio.css"].contains(segments[1]) else { return Self.error(404, "not-found", "no such file") }
            return Self.resource(segments[1], head: head)
        case ("GET", "files"), ("HEAD", "files"):
            guard let file = files.bundleFile(Array(segments.dropFirst())) else {
                return Self.error(404, "not-found", "no such file in the week's bundles")
            }
            return StudioFiles.serve(file, rangeHeader: headers["range"], head: head, headers: HTTPFields())
        case ("GET", "thumbs"):
            return await thumbnail(segments)
        case ("GET", "api"), ("POST", "api"):
            return await api(method, Array(segments.dropFirst()), query: query, body: request)
        default:
            return Self.error(404, "not-found", "no such route: \(method) \(path)")
        }
    }

    // MARK: The API

    private func api(_ method: String, _ segments: [String], query: [String: String], body request: Request) async -> Response {
        switch (method, segments.first ?? "", segments.count) {
        case ("GET", "week", 1):
            return await week(offset: Int(query["offset"] ?? "") ?? 0, limit: Int(query["limit"] ?? "") ?? 60)
        case ("GET", "items", 2):
            return await item(segments[1])
        case ("GET", "items", 3) where segments[2] == "views.svg":
            return await viewsChart(segments[1])
        case ("GET", "jobs", 2):
            guard let job = await jobs.job(segments[1]) else { return Self.error(404, "not-found", "no job \(segments[1])") }
            return Self.json(job)
        case ("GET", "events", 1):
            return events()
        case ("POST", "items", 3...):
            let body = (try? await request.body.collect(upTo: 1 << 20)).map { Data($0.readableBytesView) } ?? Data()
            let fields = (try? JSONSerialization.jsonObject(with: body.isEmpty ? Data("{}".utf8) : body)) as? [String: Any]
            guard let fields else { return Self.error(400, "bad-body", "the body must be a JSON object") }
            return await action(segments[1], Array(segments.dropFirst(2)), fields: fields)
        default:
            return Self.error(404, "not-found", "no such API route")
        }
    }

    /// The item's views over time per platform, drawn on our side (an image: the page inserts no markup).
    private func viewsChart(_ id: String) async -> Response {
        guard let entry = await review()?.entries.first(where: { $0.id == id }) else { return Self.error(404, "not-found", "no item \(id)") }
        let figures = entry.sharing?.figures ?? []
        let svg = StatsCharts.sparkline(figures.map { ($0.platform.title, $0.views) }, width: 260, height: 64)
        var headers = HTTPFields()
        headers[.contentType] = "image/svg+xml"
        headers[.cacheControl] = "no-store"
        return Response(status: .ok, headers: headers,
                        body: ResponseBody(byteBuffer: ByteBuffer(bytes: Data(("<?xml version=\"1.0\"?>" + svg.replacingOccurrences(
                            of: "<svg ", with: "<svg xmlns=\"http://www.w3.org/2000/svg\" ")).utf8))))
    }

    /// The week's data, read afresh: the bundles on disk and the journal as they are now.
    func review() async -> WeekReview? {
        guard var review = await weekCache.review(configuration.weekFolder) else { return nil }
        if let journal = configuration.journal { review = await review.shared(journal: journal) }
        return review
    }

    private func week(offset: Int, limit: Int) async -> Response {
        let manifest = configuration.manifest
        let review = await review()
        let week = manifest.week.description
        let approvals = (try? await configuration.journal?.approvals(week: week)) ?? []
        let posts = (try? await configuration.journal?.posts(week: week)) ?? []
        let entries = Self.entries(review, manifest: manifest)
        let limit = max(1, min(limit, 200)), offset = max(0, offset)
        let page = entries.dropFirst(offset).prefix(limit)
        let now = Date()
        let cards = page.map { entry in
            StudioCard.make(entry, item: manifest.items.first { $0.id == entry.id }, manifest: manifest, approvals: approvals,
                            posts: posts, now: now)
        }
        let spent = (try? await configuration.reports?.weekSpend(week)) ?? []
        let days = Self.days(manifest).map { day in
            StudioWeekView.Day(date: day.date, weekday: day.weekday, items: cards.filter { $0.date == day.date })
        }
        let spend = StudioWeekView.Spend(
            days: days.map { day in
                StudioWeekView.DaySpend(date: day.date, spentUSD: spent.first { $0.day == day.date }?.committedUSD ?? 0,
                                        budgetUSD: manifest.budget.dailyUSD)
            },
            weekUSD: spent.reduce(0) { $0 + $1.committedUSD }, weeklyBudgetUSD: manifest.budget.weeklyUSD)
        let view = StudioWeekView(week: week, timezone: manifest.timezone.identifier, manifest: configuration.manifestPath, csrf: door.csrf,
                                  total: entries.count, offset: offset, limit: limit, days: days, spend: spend,
                                  platforms: await configuration.health(), jobs: await jobs.all)
        return Self.json(view)
    }

    /// Monday to Sunday of the manifest's week, as YYYY-MM-DD in its zone.
    static func days(_ manifest: Manifest) -> [(date: String, weekday: String)] {
        let format = DateFormatter()
        format.locale = Locale(identifier: "en_US_POSIX")
        format.timeZone = manifest.timezone
        format.dateFormat = "yyyy-MM-dd"
        return Weekday.allCases.compactMap { day in
            manifest.week.date(of: day, in: manifest.timezone).map { (format.string(from: $0), day.rawValue) }
        }
    }

    /// The manifest's items in its order (bundles the manifest no longer lists after them).
    static func entries(_ review: WeekReview?, manifest: Manifest) -> [ReviewEntry] {
        let found = review?.entries ?? []
        var ordered: [ReviewEntry] = manifest.items.map { item in
            found.first { $0.id == item.id }
                ?? ReviewEntry(id: item.id, kind: item.kind, day: item.day.rawValue, date: item.date, status: .notMade,
                               reason: "not made yet: run the week", costUSD: 0)
        }
        ordered += found.filter { entry in !manifest.items.contains { $0.id == entry.id } }
        return ordered
    }

    private func item(_ id: String) async -> Response {
        let manifest = configuration.manifest
        guard let review = await review(), let entry = review.entries.first(where: { $0.id == id }) else {
            return Self.error(404, "not-found", "no bundle for \(id) in \(configuration.weekFolder.path)")
        }
        let week = manifest.week.description
        let item = manifest.items.first { $0.id == id }
        let card = StudioCard.make(entry, item: item, manifest: manifest,
                                   approvals: (try? await configuration.journal?.approvals(week: week)) ?? [],
                                   posts: (try? await configuration.journal?.posts(week: week)) ?? [], now: Date())
        let platforms = item.map { $0.publishing.platforms ?? manifest.publish?.platforms ?? [] } ?? []
        let edits = (try? await configuration.journal?.texts(week: week)) ?? []
        return Self.json(StudioItemView.make(card: card, entry: entry, platforms: platforms, edits: edits, weekFolder: configuration.weekFolder))
    }

    private func thumbnail(_ segments: [String]) async -> Response {
        guard segments.count == 2, segments[1].hasSuffix(".jpg") else { return Self.error(404, "not-found", "no such thumbnail") }
        let id = String(segments[1].dropLast(4))
        guard let cover = files.bundleFile([id, "cover.jpg"]),
              let facts = try? FileManager.default.attributesOfItem(atPath: cover.path) else {
            return Self.error(404, "not-found", "\(id) has no cover")
        }
        // The cover's size and time stand for its version: a regenerated cover gets a new thumbnail.
        let stamp = ((facts[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0)
        let version = "\((facts[.size] as? NSNumber)?.intValue ?? 0)-\(Int(stamp * 1000))"
        do {
            let thumb = try await thumbnails.thumbnail(item: id, version: version, cover: cover)
            var headers = HTTPFields()
            headers[.cacheControl] = "private, max-age=60"
            return StudioFiles.serve(thumb, rangeHeader: nil, head: false, headers: headers)
        } catch {
            return Self.error(500, "thumbnail", "the thumbnail of \(id) could not be made: \(error)")
        }
    }

    /// `text/event-stream`: every job update and week change from now on, and a comment every 15 s
    /// so proxies and the browser keep the stream open.
    private func events() -> Response {
        let jobs = jobs
        var headers = HTTPFields()
        headers[.contentType] = "text/event-stream"
        headers[.cacheControl] = "no-store"
        return Response(status: .ok, headers: headers, body: ResponseBody { writer in
            // One stream of frames: the jobs' events as they come, and a comment every 15 s.
            let (frames, sink) = AsyncStream.makeStream(of: String.self)
            let events = await jobs.subscribe()
            let forward = Task {
                for await event in events {
                    switch event {
                    case .job(let job):
                        let data = (try? JSONEncoder().encode(job)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
                        sink.yield("event: job\ndata: \(data)\n\n")
                    case .week:
                        sink.yield("event: week\ndata: {}\n\n")
                    }
                }
                sink.finish()
            }
            let ticker = Task {
                while !Task.isCancelled {
                    try? await Task.sleep(for: .seconds(15))
                    sink.yield(": keep-alive\n\n")
                }
            }
            defer {
                forward.cancel()
                ticker.cancel()
            }
            try await writer.write(ByteBuffer(string: ": studio events\n\n"))
            for await frame in frames {
                try await writer.write(ByteBuffer(string: frame))
            }
            try await writer.finish(nil)
        })
    }

    // MARK: Answers

    static func json<T: Encodable>(_ value: T, status: Int = 200) -> Response {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let data = (try? encoder.encode(value)) ?? Data("{}".utf8)
        var headers = HTTPFields()
        headers[.contentType] = "application/json; charset=utf-8"
        return Response(status: .init(code: status), headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
    }

    /// `{"error": {"code", "message"[, "field"]}}`.
    static func error(_ status: Int, _ code: String, _ message: String, field: String? = nil) -> Response {
        var error = ["code": code, "message": Secrets.redact(message)]
        if let field { error["field"] = field }
        return json(["error": error], status: status)
    }

    static func resource(_ name: String, head: Bool) -> Response {
        guard let url = Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Resources") ?? Bundle.module.url(forResource: name, withExtension: nil) else {
            return error(500, "missing-resource", "the studio's \(name) is missing from this build")
        }
        return StudioFiles.serve(url, rangeHeader: nil, head: head, headers: HTTPFields())
    }

    /// The path's segments, percent-decoded one by one (nil when one does not decode, or decodes
    /// to a separator or NUL), and the query.
    static func split(_ uri: String) -> (segments: [String]?, query: [String: String]) {
        let parts = uri.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        var query: [String: String] = [:]
        if parts.count == 2 {
            for item in URLComponents(string: "?" + parts[1])?.queryItems ?? [] { query[item.name] = item.value ?? "" }
        }
        var segments: [String] = []
        for raw in (parts.first ?? "").split(separator: "/", omittingEmptySubsequences: true) {
            guard let decoded = String(raw).removingPercentEncoding, !decoded.contains("/"), !decoded.contains("\\"),
                  !decoded.contains("\0") else { return (nil, query) }
            segments.append(decoded)
        }
        return (segments, query)
    }
}
