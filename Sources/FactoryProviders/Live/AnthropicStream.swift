import FactoryCore
import Foundation

/// Reads a streamed Messages answer (server-sent events) back into the one Message JSON a
/// non-streamed call returns, so the cache, the ledger and `finish` see one shape. Events as
/// Anthropic's "Streaming Messages" page lists them: message_start, content_block_start/delta/stop,
/// message_delta (cumulative usage, stop_reason), message_stop, ping, error; unknown ones are skipped.
enum AnthropicStream {
    struct Failed: Error { var type: String; var message: String }

    static func assemble(_ body: Data) throws -> Data {
        var message: [String: Any] = [:]
        var blocks: [Int: [String: Any]] = [:]
        var usage: [String: Any] = [:]
        var stopped = false
        for event in events(body) {
            guard let object = (try? JSONSerialization.jsonObject(with: Data(event.utf8))) as? [String: Any],
                  let type = object["type"] as? String else { continue }
            switch type {
            case "message_start":
                message = object["message"] as? [String: Any] ?? [:]
                usage = message["usage"] as? [String: Any] ?? [:]
            case "content_block_start":
                if let index = object["index"] as? Int { blocks[index] = object["content_block"] as? [String: Any] ?? [:] }
            case "content_block_delta":
                guard let index = object["index"] as? Int, let delta = object["delta"] as? [String: Any] else { continue }
                var block = blocks[index] ?? [:]
                switch delta["type"] as? String {
                case "text_delta": block["text"] = (block["text"] as? String ?? "") + (delta["text"] as? String ?? "")
                case "thinking_delta": block["thinking"] = (block["thinking"] as? String ?? "") + (delta["thinking"] as? String ?? "")
                case "signature_delta": block["signature"] = delta["signature"]
                case "input_json_delta": block["partial_json"] = (block["partial_json"] as? String ?? "") + (delta["partial_json"] as? String ?? "")
                default: break
                }
                blocks[index] = block
            case "message_delta":
                if let delta = object["delta"] as? [String: Any] {
                    for (key, value) in delta { message[key] = value }
                }
                // The usage here is cumulative: the last one is the answer's.
                if let more = object["usage"] as? [String: Any] { for (key, value) in more { usage[key] = value } }
            case "message_stop":
                stopped = true
            case "error":
                let error = object["error"] as? [String: Any]
                throw Failed(type: error?["type"] as? String ?? "error", message: error?["message"] as? String ?? "stream error")
            default:
                continue
            }
        }
        guard stopped, !message.isEmpty else {
            throw Failed(type: "incomplete_stream", message: "the stream ended before message_stop")
        }
        message["content"] = blocks.keys.sorted().compactMap { blocks[$0] }
        message["usage"] = usage
        return try JSONSerialization.data(withJSONObject: message, options: [.sortedKeys])
    }

    /// The `data:` payloads of each event, in order (multi-line data joined with newlines).
    static func events(_ body: Data) -> [String] {
        let text = String(decoding: body, as: UTF8.self).replacingOccurrences(of: "\r\n", with: "\n")
        return text.components(separatedBy: "\n\n").compactMap { chunk in
            let lines = chunk.split(separator: "\n", omittingEmptySubsequences: true)
                .filter { $0.hasPrefix("data:") }
                .map { $0.dropFirst(5).drop { $0 == " " } }
            return lines.isEmpty ? nil : lines.joined(separator: "\n")
        }
    }
}
