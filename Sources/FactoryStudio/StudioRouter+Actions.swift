import FactoryCore
import Foundation
import Hummingbird

/// The POST actions. Each runs the CLI command it stands for (`StudioJobs`), with the studio's
/// manifest, output, state and week, so it keeps that command's guarantees: approve and revoke
/// write the same approvals, regenerate prices first and replaces the bundle in one step, publish
/// goes through the journal and its lock and never posts twice.
extension StudioRouter {
    func action(_ id: String, _ rest: [String], fields: [String: Any]) async -> Response {
        guard configuration.manifest.items.contains(where: { $0.id == id }) else {
            return Self.error(404, "not-found", "no item \(id) in \(configuration.manifestPath)")
        }
        let manifest = ["--manifest", configuration.manifestPath]
        switch rest {
        case ["approve"], ["revoke"]:
            let arguments = ["approve", id] + manifest + configuration.flags + (rest == ["revoke"] ? ["--revoke"] : [])
            return await short(arguments)
        case ["text"]:
            guard let platform = fields["platform"] as? String, ["tiktok", "youtube", "instagram"].contains(platform) else {
                return Self.error(422, "bad-platform", "platform is tiktok, youtube or instagram", field: "platform")
            }
            guard let caption = fields["caption"] as? String else { return Self.error(422, "no-caption", "caption is required", field: "caption") }
            var arguments = ["caption", id, "--platform", platform, "--caption", caption] + manifest + configuration.flags
            if platform == "youtube", let title = fields["title"] as? String { arguments += ["--title", title] }
            let (code, output) = await jobs.runNow(arguments)
            await jobs.weekChanged()
            guard code == 0 else {
                let field = output.contains("title has") ? "title" : "caption"
                return Self.error(code == 2 ? 422 : 409, code == 2 ? "refused" : "exit-\(code)", output, field: field)
            }
            return Self.json(StudioAnswer(ok: true, message: Secrets.redact(output)))
        case ["estimate"]:
            guard let stage = Self.stage(fields) else { return Self.error(422, "bad-stage", "stage is text, image, speech or render", field: "stage") }
            return await short(["regenerate", id] + manifest + configuration.flags + stage + ["--dry-run"])
        case ["regenerate"]:
            guard let stage = Self.stage(fields) else { return Self.error(422, "bad-stage", "stage is text, image, speech or render", field: "stage") }
            var arguments = ["regenerate", id] + manifest + configuration.flags + stage + ["--yes"]
            if let variant = fields["variant"] {
                guard let number = variant as? Int, number > 0 else { return Self.error(422, "bad-variant", "variant is a whole number from 1", field: "variant") }
                arguments += ["--variant", String(number)]
            }
            return await long(id, "regenerate", arguments)
        case let path where path.count == 3 && path[0] == "versions" && path[2] == "restore":
            let stamp = path[1]
            guard StudioItemView.versions(of: id, weekFolder: configuration.weekFolder).contains(where: { $0.stamp == stamp }) else {
                return Self.error(404, "not-found", "\(id) has no kept version \(stamp)")
            }
            return await long(id, "restore", ["regenerate", id] + manifest + configuration.flags + ["--restore", stamp])
        case ["publish"]:
            // "Now": the item's time is made to have come (its due moment when that is later than now).
            let item = configuration.manifest.items.first { $0.id == id }
            let settings = configuration.manifest.publish
            guard let item, let settings else {
                return Self.error(409, "no-publish", "the manifest has no publish: section; add one to post (docs/publishing.md)")
            }
            let due = (item.publishing.postAt ?? settings.at).moment(on: item.date, in: configuration.manifest.timezone) ?? Date()
            let at = ISO8601DateFormatter().string(from: max(due, Date()))
            return await long(id, "publish", ["publish", configuration.manifestPath, "--only", id, "--at", at] + configuration.flags)
        default:
            return Self.error(404, "not-found", "no such action: \(rest.joined(separator: "/"))")
        }
    }

    /// `--stage X` from the body's `stage` ("" or absent: the whole item); nil when it names no stage.
    static func stage(_ fields: [String: Any]) -> [String]? {
        guard let value = fields["stage"], !(value is NSNull) else { return [] }
        guard let text = value as? String else { return nil }
        if text.isEmpty { return [] }
        return ["text", "image", "speech", "render"].contains(text) ? ["--stage", text] : nil
    }

    /// A quick command, answered when it ends: 200 with its output, or 409 with it (and its exit code).
    private func short(_ arguments: [String]) async -> Response {
        let (code, output) = await jobs.runNow(arguments)
        await jobs.weekChanged()
        guard code == 0 else {
            return Self.json(["error": ["code": "exit-\(code)", "message": Secrets.redact(output)]], status: code == 2 ? 422 : 409)
        }
        return Self.json(StudioAnswer(ok: true, message: Secrets.redact(output)))
    }

    /// A long command: 202 with the job; its lines come over `/api/events`. One job per item at a time.
    private func long(_ item: String, _ action: String, _ arguments: [String]) async -> Response {
        if await jobs.busy(item) {
            return Self.error(409, "busy", "\(item) has an action running; wait for it to end")
        }
        return Self.json(await jobs.start(item: item, action: action, arguments: arguments), status: 202)
    }
}

/// `{"ok": true, "message": "…"}`.
struct StudioAnswer: Encodable {
    var ok: Bool
    var message: String
}
